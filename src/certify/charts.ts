// Small SVG charts for the certification report: RTP convergence and the win distribution.
import { percent, WIN_BUCKETS } from './tally.ts';

const W = 640;
const H = 300;
const PAD = 48;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function frame(title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">
<rect width="${W}" height="${H}" fill="#fff"/>
<text x="${PAD}" y="20" font-size="13" font-weight="bold">${escapeXml(title)}</text>
${body}
</svg>
`;
}

const fmt = (x: number) => String(Math.round(x * 10) / 10);

/** Running RTP after each chunk, with its 99% band and the target line. */
export function convergenceSvg(
  title: string,
  points: Array<{ rounds: number; rtp: number; halfWidth: number }>,
  target: number,
): string {
  if (points.length === 0) return frame(title, '');
  const last = points[points.length - 1] as { rounds: number };
  const maxX = last.rounds;
  const values = points.flatMap((p) => [p.rtp - p.halfWidth, p.rtp + p.halfWidth]).concat([target]);
  const span = Math.max(...values) - Math.min(...values);
  const lo = Math.min(...values) - span * 0.05;
  const hi = Math.max(...values) + span * 0.05;
  const x = (r: number) => PAD + ((W - 2 * PAD) * r) / maxX;
  const y = (v: number) => H - PAD - ((H - 2 * PAD) * (v - lo)) / (hi - lo || 1);
  const line = (f: (p: (typeof points)[number]) => number) =>
    points.map((p) => `${fmt(x(p.rounds))},${fmt(y(f(p)))}`).join(' ');
  const body = [
    `<line x1="${PAD}" y1="${H - PAD}" x2="${W - PAD}" y2="${H - PAD}" stroke="#999"/>`,
    `<line x1="${PAD}" y1="${PAD}" x2="${PAD}" y2="${H - PAD}" stroke="#999"/>`,
    `<polyline fill="none" stroke="#9ecae1" points="${line((p) => p.rtp + p.halfWidth)}"/>`,
    `<polyline fill="none" stroke="#9ecae1" points="${line((p) => p.rtp - p.halfWidth)}"/>`,
    `<polyline fill="none" stroke="#08519c" stroke-width="1.5" points="${line((p) => p.rtp)}"/>`,
    `<line x1="${PAD}" y1="${fmt(y(target))}" x2="${W - PAD}" y2="${fmt(y(target))}" stroke="#d94801" stroke-dasharray="4 3"/>`,
    `<text x="${W - PAD}" y="${fmt(y(target) - 4)}" text-anchor="end" fill="#d94801">target ${percent(target)}%</text>`,
    `<text x="4" y="${fmt(y(hi) + 10)}">${percent(hi)}%</text>`,
    `<text x="4" y="${fmt(y(lo))}">${percent(lo)}%</text>`,
    `<text x="${W - PAD}" y="${H - PAD + 16}" text-anchor="end">${maxX} rounds</text>`,
    `<text x="${PAD}" y="${H - 8}">RTP after each chunk (blue) with its 99% interval (light blue)</text>`,
  ];
  return frame(title, body.join('\n'));
}

/** Share of rounds per win bucket (× stake, WIN_BUCKETS), on a log scale. */
export function distributionSvg(title: string, shares: number[]): string {
  const labels = [
    '0',
    ...WIN_BUCKETS.slice(1).map((e) => `≤${e}`),
    `>${WIN_BUCKETS[WIN_BUCKETS.length - 1]}`,
  ];
  labels[1] = '≤1';
  const minLog = -9;
  const barW = (W - 2 * PAD) / shares.length;
  const body: string[] = [
    `<line x1="${PAD}" y1="${H - PAD}" x2="${W - PAD}" y2="${H - PAD}" stroke="#999"/>`,
  ];
  shares.forEach((share, i) => {
    const logv = share > 0 ? Math.max(minLog, Math.log10(share)) : minLog;
    const h = ((H - 2 * PAD) * (logv - minLog)) / -minLog;
    const x0 = PAD + i * barW;
    body.push(
      `<rect x="${fmt(x0 + 2)}" y="${fmt(H - PAD - h)}" width="${fmt(barW - 4)}" height="${fmt(h)}" fill="#6baed6"/>`,
    );
    body.push(
      `<text x="${fmt(x0 + barW / 2)}" y="${H - PAD + 14}" text-anchor="middle">${escapeXml(labels[i] ?? '')}</text>`,
    );
    if (share > 0)
      body.push(
        `<text x="${fmt(x0 + barW / 2)}" y="${fmt(H - PAD - h - 3)}" text-anchor="middle" font-size="9">${percent(share, 3)}%</text>`,
      );
  });
  body.push(`<text x="${PAD}" y="${H - 8}">share of rounds by win in stakes (log scale)</text>`);
  return frame(title, body.join('\n'));
}
