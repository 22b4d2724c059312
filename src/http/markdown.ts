// The small Markdown our own guides use, as HTML: headings, paragraphs, lists, tables, fenced code,
// inline code, bold and links. Everything is escaped first; HTML comments are dropped. Not a
// general Markdown renderer: it serves docs/wallet-integration.md, which its test renders whole.

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A heading's anchor: lower case, words joined by hyphens. */
export function anchorOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function inline(text: string): string {
  // Code spans first, as placeholders, so that bold and links may contain them.
  const spans: string[] = [];
  const held = text.replace(/`([^`]*)`/g, (_m, code: string) => {
    spans.push(`<code>${escapeHtml(code)}</code>`);
    return `\uE000${spans.length - 1}\uE001`;
  });
  return escapeHtml(held)
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_m, label: string, href: string) => {
      const safe = /^(https?:|\/|#|\.)/.test(href) || !href.includes(':') ? href : '#';
      return `<a href="${safe}">${label}</a>`;
    })
    .replace(/\uE000(\d+)\uE001/g, (_m, n: string) => spans[Number(n)] ?? '');
}

function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());
}

export function renderMarkdown(markdown: string): string {
  const lines = markdown.replace(/<!--[\s\S]*?-->\n?/g, '').split('\n');
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const fence = /^```(\w*)/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !(lines[i] as string).startsWith('```'); i++)
        code.push(lines[i] as string);
      out.push(
        `<pre><code${fence[1] ? ` class="language-${fence[1]}"` : ''}>${escapeHtml(code.join('\n'))}</code></pre>`,
      );
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = (heading[1] as string).length;
      const text = heading[2] as string;
      out.push(`<h${level} id="${anchorOf(text)}">${inline(text)}</h${level}>`);
      continue;
    }
    if (line.startsWith('|') && (lines[i + 1] ?? '').startsWith('|---')) {
      flush();
      const head = cells(line);
      const rows: string[][] = [];
      for (i += 2; i < lines.length && (lines[i] as string).startsWith('|'); i++)
        rows.push(cells(lines[i] as string));
      i--;
      out.push(
        `<table><thead><tr>${head.map((c) => `<th>${inline(c)}</th>`).join('')}</tr></thead><tbody>${rows
          .map((row) => `<tr>${row.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`)
          .join('')}</tbody></table>`,
      );
      continue;
    }
    const item = /^(\s*)(-|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      flush();
      const ordered = (item[2] as string) !== '-';
      const items: string[] = [];
      let current = [item[3] as string];
      for (i++; i < lines.length; i++) {
        const next = lines[i] as string;
        const another = /^(-|\d+\.)\s+(.*)$/.exec(next);
        if (another) {
          items.push(current.join(' '));
          current = [another[2] as string];
        } else if (/^\s+\S/.test(next)) current.push(next.trim());
        else break;
      }
      items.push(current.join(' '));
      i--;
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>${items.map((text) => `<li>${inline(text)}</li>`).join('')}</${tag}>`);
      continue;
    }
    if (line.trim() === '') flush();
    else paragraph.push(line.trim());
  }
  flush();
  return out.join('\n');
}
