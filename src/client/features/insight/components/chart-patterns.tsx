/**
 * The fills of the charts' series: each a colour AND a pattern, so series stay apart for
 * someone who does not see the colours (or prints in grey). The legends are text beside a
 * swatch of the same fill.
 */
export type PatternKind = 'solid' | 'stripes' | 'dots' | 'crosshatch' | 'vertical' | 'horizontal';

export interface SeriesFill {
  color: string;
  pattern: PatternKind;
}

/** In the order a chart's series take them; a chart with more series than this groups the rest. */
export const SERIES_FILLS: readonly SeriesFill[] = [
  { color: '#1d4ed8', pattern: 'solid' },
  { color: '#b45309', pattern: 'stripes' },
  { color: '#7e22ce', pattern: 'dots' },
  { color: '#0f766e', pattern: 'crosshatch' },
  { color: '#be123c', pattern: 'vertical' },
  { color: '#475569', pattern: 'horizontal' },
];

/** The meaning-bearing fills: good is solid green, waiting striped amber, bad cross-hatched red. */
export const STATUS_FILLS = {
  good: { color: '#15803d', pattern: 'solid' },
  waiting: { color: '#b45309', pattern: 'stripes' },
  bad: { color: '#b91c1c', pattern: 'crosshatch' },
} as const satisfies Record<string, SeriesFill>;

function Marks({ pattern }: { pattern: PatternKind }) {
  const mark = { stroke: '#ffffff', strokeWidth: 1.5 };
  switch (pattern) {
    case 'stripes':
      return <path d="M-1,1 l2,-2 M0,8 l8,-8 M7,9 l2,-2" {...mark} />;
    case 'crosshatch':
      return <path d="M-1,1 l2,-2 M0,8 l8,-8 M7,9 l2,-2 M-1,7 l2,2 M0,0 l8,8 M7,-1 l2,2" {...mark} />;
    case 'dots':
      return <circle cx="4" cy="4" r="1.6" fill="#ffffff" />;
    case 'vertical':
      return <path d="M4,0 v8" {...mark} />;
    case 'horizontal':
      return <path d="M0,4 h8" {...mark} />;
    case 'solid':
      return null;
  }
}

/** A pattern's id in the page; charts and swatches on one page share the definitions. */
export const patternId = (scope: string, index: number) => `insight-${scope}-${index}`;
export const fillOf = (scope: string, index: number) => `url(#${patternId(scope, index)})`;

/** The `<defs>` a chart's series fill from; rendered inside the chart's svg. */
export function PatternDefs({ scope, fills }: { scope: string; fills: readonly SeriesFill[] }) {
  return (
    <defs>
      {fills.map((fill, i) => (
        <pattern key={i} id={patternId(scope, i)} width="8" height="8" patternUnits="userSpaceOnUse">
          <rect width="8" height="8" fill={fill.color} />
          <Marks pattern={fill.pattern} />
        </pattern>
      ))}
    </defs>
  );
}

/** A legend's sample of a series' fill, drawn with its own pattern so it needs no chart. */
export function Swatch({ fill }: { fill: SeriesFill }) {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" className="shrink-0 rounded-sm border border-slate-300">
      <rect width="16" height="16" fill={fill.color} />
      <g>
        <Marks pattern={fill.pattern} />
      </g>
      <g transform="translate(8 0)">
        <Marks pattern={fill.pattern} />
      </g>
      <g transform="translate(0 8)">
        <Marks pattern={fill.pattern} />
      </g>
      <g transform="translate(8 8)">
        <Marks pattern={fill.pattern} />
      </g>
    </svg>
  );
}

/** The chart's legend as text: every series named beside a sample of its fill. */
export function TextLegend({ items }: { items: readonly { label: string; fill: SeriesFill }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Legend">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <Swatch fill={item.fill} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
