// Small SVG charts drawn with the DOM (no library): grouped bars and lines over days. Each chart has
// a title and a description for screen readers; the page shows the same figures in a table.
const SVG = 'http://www.w3.org/2000/svg';

function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

export interface Series {
  name: string;
  /** One value a label; null leaves a gap. */
  values: Array<number | null>;
  className: string;
}

/** A nice round step for an axis from 0 (or below) to max. */
function ticks(min: number, max: number): number[] {
  const span = Math.max(max - min, 1e-9);
  const raw = span / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.floor(min / step) * step; v <= max + step / 2; v += step)
    out.push(Number(v.toPrecision(12)));
  return out;
}

export function chart(options: {
  title: string;
  description: string;
  labels: string[];
  series: Series[];
  kind: 'bar' | 'line';
  format?: (value: number) => string;
}): SVGSVGElement {
  const width = 720;
  const height = 260;
  const left = 64;
  const right = 12;
  const top = 16;
  const bottom = 40;
  const values = options.series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const marks = ticks(Math.min(0, ...values), Math.max(0, ...values));
  const low = marks[0] ?? 0;
  const high = marks.at(-1) ?? 1;
  const y = (v: number) => top + (height - top - bottom) * (1 - (v - low) / (high - low || 1));
  const slot = (width - left - right) / Math.max(options.labels.length, 1);
  const format = options.format ?? ((v: number) => v.toLocaleString('en'));

  const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', class: `chart ${options.kind}` });
  const id = `chart-${Math.random().toString(36).slice(2, 8)}`;
  svg.setAttribute('aria-labelledby', `${id}-t ${id}-d`);
  const title = el('title', { id: `${id}-t` });
  title.textContent = options.title;
  const desc = el('desc', { id: `${id}-d` });
  desc.textContent = options.description;
  svg.append(title, desc);

  for (const mark of marks) {
    svg.append(
      el('line', {
        x1: left,
        x2: width - right,
        y1: y(mark),
        y2: y(mark),
        class: mark === 0 ? 'axis' : 'grid',
      }),
    );
    const label = el('text', { x: left - 6, y: y(mark) + 4, 'text-anchor': 'end', class: 'tick' });
    label.textContent = format(mark);
    svg.append(label);
  }
  const every = Math.ceil(options.labels.length / 10);
  options.labels.forEach((text, i) => {
    if (i % every !== 0) return;
    const label = el('text', {
      x: left + slot * (i + 0.5),
      y: height - bottom + 16,
      'text-anchor': 'middle',
      class: 'tick',
    });
    label.textContent = text;
    svg.append(label);
  });

  if (options.kind === 'bar') {
    const inner = (slot * 0.8) / Math.max(options.series.length, 1);
    options.series.forEach((series, s) => {
      series.values.forEach((value, i) => {
        if (value === null || value === 0) return; // nothing to draw (the table has the zero)
        const x = left + slot * i + slot * 0.1 + inner * s;
        const bar = el('rect', {
          x,
          y: Math.min(y(value), y(0)),
          width: Math.max(inner - 2, 1),
          height: Math.max(Math.abs(y(value) - y(0)), 1),
          class: series.className,
        });
        const tip = el('title', {});
        tip.textContent = `${series.name} ${options.labels[i]}: ${format(value)}`;
        bar.append(tip);
        svg.append(bar);
      });
    });
  } else {
    for (const series of options.series) {
      const points = series.values
        .map((value, i) => (value === null ? null : `${left + slot * (i + 0.5)},${y(value)}`))
        .filter((p): p is string => p !== null);
      svg.append(el('polyline', { points: points.join(' '), class: series.className, fill: 'none' }));
      series.values.forEach((value, i) => {
        if (value === null) return;
        const dot = el('circle', {
          cx: left + slot * (i + 0.5),
          cy: y(value),
          r: 3,
          class: series.className,
        });
        const tip = el('title', {});
        tip.textContent = `${series.name} ${options.labels[i]}: ${format(value)}`;
        dot.append(tip);
        svg.append(dot);
      });
    }
  }
  return svg;
}

/** The legend beside a chart (text, so it reads without colour). */
export function legend(series: Series[]): HTMLElement {
  const list = document.createElement('ul');
  list.className = 'legend';
  for (const s of series) {
    const item = document.createElement('li');
    const swatch = document.createElement('span');
    swatch.className = `swatch ${s.className}`;
    swatch.setAttribute('aria-hidden', 'true');
    item.append(swatch, s.name);
    list.append(item);
  }
  return list;
}
