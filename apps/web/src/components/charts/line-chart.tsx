// A small line chart in SVG, without a charting library (the bundle budget has no room for one). It
// scales to its container's width; a pointer or the arrow keys move a marker whose value shows in a
// tooltip. Screen readers get one sentence: the first and last point, and the lowest and highest.
import { Box, Paper, Text } from '@mantine/core';
import { type KeyboardEvent, type PointerEvent, useId, useMemo, useRef, useState } from 'react';

export interface LinePoint {
  /** A label of the x axis, e.g. a date (`YYYY-MM-DD`). */
  x: string;
  /** The value as a decimal string or number (only drawn, never computed on). */
  y: string | number;
}

interface Props {
  points: LinePoint[];
  /** The accessible summary, e.g. "NAV from 100.00 on 01/02/2025 to 104.50 on 14/03/2025". */
  label: string;
  formatX(x: string): string;
  formatY(y: string | number): string;
  height?: number;
  /** Line colour (a CSS colour or Mantine variable). */
  color?: string;
  testId?: string;
}

const VIEW_WIDTH = 640;
// Room above the line and below the baseline for the labels of the highest and lowest value.
const PAD = { top: 22, right: 8, bottom: 22, left: 8 };

export function LineChart({
  points,
  label,
  formatX,
  formatY,
  height = 220,
  // The primary colour's filled shade: deep navy on white, a brighter navy on the dark background.
  color = 'var(--mantine-primary-color-filled)',
  testId,
}: Props) {
  const gradientId = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const [active, setActive] = useState<number | null>(null);

  const geometry = useMemo(() => {
    const values = points.map((p) => Number(p.y));
    const min = Math.min(...values);
    const max = Math.max(...values);
    const span = max - min || Math.abs(max) || 1;
    const innerWidth = VIEW_WIDTH - PAD.left - PAD.right;
    const innerHeight = height - PAD.top - PAD.bottom;
    const xAt = (i: number) => PAD.left + (points.length > 1 ? (i / (points.length - 1)) * innerWidth : innerWidth / 2);
    const yAt = (v: number) => PAD.top + innerHeight - ((v - min) / span) * innerHeight;
    const coords = values.map((v, i) => [xAt(i), yAt(v)] as const);
    const line = coords.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
    const bottom = PAD.top + innerHeight;
    const area =
      coords.length > 0
        ? `${line} L${coords.at(-1)![0].toFixed(1)},${bottom} L${coords[0]![0].toFixed(1)},${bottom} Z`
        : '';
    // The lowest and highest values get a faint guide line and a label, so the chart can be read, not
    // only looked at; a flat series needs only one.
    const lowest = values.indexOf(min);
    const highest = values.indexOf(max);
    const guides = (min === max ? [highest] : [highest, lowest]).map((i) => ({ index: i, y: yAt(values[i]!) }));
    return { coords, line, area, bottom, guides };
  }, [points, height]);

  if (points.length === 0) return null;

  const pick = (event: PointerEvent<SVGSVGElement>) => {
    const box = svgRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    const x = ((event.clientX - box.left) / box.width) * VIEW_WIDTH;
    const ratio = (x - PAD.left) / (VIEW_WIDTH - PAD.left - PAD.right);
    setActive(Math.min(points.length - 1, Math.max(0, Math.round(ratio * (points.length - 1)))));
  };

  const onKey = (event: KeyboardEvent<SVGSVGElement>) => {
    const last = points.length - 1;
    const moves: Record<string, (i: number) => number> = {
      ArrowLeft: (i) => Math.max(0, i - 1),
      ArrowRight: (i) => Math.min(last, i + 1),
      Home: () => 0,
      End: () => last,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setActive((current) => move(current ?? last));
  };

  const point = active === null ? null : points[active];
  const coord = active === null ? null : geometry.coords[active];

  return (
    <Box pos="relative" data-testid={testId}>
      <svg
        ref={svgRef}
        role="img"
        aria-label={label}
        viewBox={`0 0 ${VIEW_WIDTH} ${height}`}
        width="100%"
        height={height}
        preserveAspectRatio="none"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focus lets the arrow keys move the marker; the image role keeps the one-sentence summary for screen readers
        tabIndex={0}
        onPointerMove={pick}
        onPointerLeave={() => setActive(null)}
        onFocus={() => setActive((current) => current ?? points.length - 1)}
        onBlur={() => setActive(null)}
        onKeyDown={onKey}
        style={{ display: 'block', touchAction: 'pan-y', outlineOffset: 2 }}
      >
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={color} stopOpacity={0.22} />
            <stop offset="100%" stopColor={color} stopOpacity={0} />
          </linearGradient>
        </defs>
        <line
          x1={PAD.left}
          x2={VIEW_WIDTH - PAD.right}
          y1={geometry.bottom}
          y2={geometry.bottom}
          stroke="var(--mantine-color-default-border)"
        />
        {geometry.guides.map((guide) => (
          <line
            key={guide.index}
            x1={PAD.left}
            x2={VIEW_WIDTH - PAD.right}
            y1={guide.y}
            y2={guide.y}
            stroke="var(--mantine-color-default-border)"
            strokeDasharray="4 4"
            vectorEffect="non-scaling-stroke"
          />
        ))}
        <path d={geometry.area} fill={`url(#${gradientId})`} />
        <path
          d={geometry.line}
          fill="none"
          stroke={color}
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
          strokeLinejoin="round"
        />
        {coord && (
          <>
            <line
              x1={coord[0]}
              x2={coord[0]}
              y1={PAD.top}
              y2={geometry.bottom}
              stroke="var(--mantine-color-dimmed)"
              strokeDasharray="3 3"
              vectorEffect="non-scaling-stroke"
            />
            <circle cx={coord[0]} cy={coord[1]} r={4} fill={color} vectorEffect="non-scaling-stroke" />
          </>
        )}
      </svg>
      {geometry.guides.map((guide, i) => (
        <Text
          key={guide.index}
          size="xs"
          c="dimmed"
          aria-hidden
          data-testid={testId ? `${testId}-${i === 0 ? 'max' : 'min'}` : undefined}
          style={{
            position: 'absolute',
            right: PAD.right,
            // Above the highest line, below the lowest: the label never sits on the curve's extreme.
            top: i === 0 ? Math.max(0, guide.y - 18) : guide.y + 2,
            fontVariantNumeric: 'tabular-nums',
            pointerEvents: 'none',
          }}
        >
          {formatY(points[guide.index]!.y)}
        </Text>
      ))}
      <Box style={{ display: 'flex', justifyContent: 'space-between' }} aria-hidden>
        <Text size="xs" c="dimmed">
          {formatX(points[0]!.x)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatX(points.at(-1)!.x)}
        </Text>
      </Box>
      {point && coord && (
        <Paper
          shadow="sm"
          withBorder
          px="xs"
          py={4}
          role="status"
          data-testid={testId ? `${testId}-tooltip` : undefined}
          style={{
            position: 'absolute',
            top: 0,
            left: `${Math.min(80, Math.max(0, (coord[0] / VIEW_WIDTH) * 100 - 10))}%`,
            pointerEvents: 'none',
          }}
        >
          <Text size="xs" c="dimmed">
            {formatX(point.x)}
          </Text>
          <Text size="sm" fw={700}>
            {formatY(point.y)}
          </Text>
        </Paper>
      )}
    </Box>
  );
}

/** The sentence a screen reader hears for a series: first and last point, lowest and highest value. */
export function describeSeries(
  points: LinePoint[],
  formatX: (x: string) => string,
  formatY: (y: string | number) => string,
  template: (values: {
    first: string;
    firstDate: string;
    last: string;
    lastDate: string;
    min: string;
    max: string;
  }) => string,
): string {
  if (points.length === 0) return '';
  const values = points.map((p) => Number(p.y));
  const lowest = points[values.indexOf(Math.min(...values))]!;
  const highest = points[values.indexOf(Math.max(...values))]!;
  return template({
    first: formatY(points[0]!.y),
    firstDate: formatX(points[0]!.x),
    last: formatY(points.at(-1)!.y),
    lastDate: formatX(points.at(-1)!.x),
    min: formatY(lowest.y),
    max: formatY(highest.y),
  });
}
