import { useEffect, useRef, type ReactNode } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { cellText, type ReportChart as ChartModel } from '../../protocol/reports/report-tables';
import type { Translator } from '../../ui/i18n';

const COLOURS = ['#2f6fed', '#e07b00', '#1e9e5a', '#c62828', '#7b4fd6'];
const HEIGHT = 260;
const DAY = 86_400;
const DURATION_STEPS = [
  1, 5, 10, 15, 30, 60, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400, 172_800,
  604_800,
].map((s) => s * 1000);

/** The scale a series is drawn on: counts on the left, durations on the right, shares alone. */
const scaleOf = (kind: string) => (kind === 'duration' ? 'ms' : kind === 'share' ? 'share' : 'n');

function options(
  chart: ChartModel,
  width: number,
  i18n: Pick<Translator, 't' | 'lang'>,
): uPlot.Options {
  const { t, lang } = i18n;
  const kinds = new Set(chart.series.map((s) => scaleOf(s.kind)));
  const bars = chart.axis === 'slice';
  const axisFor = (scale: string, side: 1 | 3): uPlot.Axis => ({
    scale,
    // 3 is uPlot's left, 1 its right: Axis.Side is a const enum, which isolated modules cannot read.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
    side,
    size: scale === 'ms' ? 110 : 50,
    // Durations tick at round steps of spec §3's units, not at decimal fractions of a day.
    ...(scale === 'ms' ? { incrs: DURATION_STEPS } : {}),
    values: (_u, splits) =>
      splits.map((v) =>
        scale === 'ms'
          ? cellText('duration', v, lang)
          : scale === 'share'
            ? cellText('share', v, lang)
            : String(v),
      ),
  });
  const yScales = [...kinds];
  return {
    width,
    height: HEIGHT,
    // Days are drawn in the organization's zone, whatever the browser's own (uPlot tzDate).
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), chart.timeZone),
    scales: {
      x: bars ? { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] } : { time: true },
      ...Object.fromEntries(
        yScales.map((s) => [
          s,
          {
            range: (_u: uPlot, _min: number, max: number) =>
              [0, max > 0 ? max * 1.1 : 1] as uPlot.Range.MinMax,
          },
        ]),
      ),
    },
    axes: [
      bars
        ? {
            splits: () => chart.x,
            values: (_u, splits) => splits.map((i) => chart.labels[i] ?? ''),
          }
        : {
            // Daily points: ticks at local midnights only, never at hours in between.
            space: 48,
            incrs: [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY],
            values: lang === 'ru' ? '{DD}.{MM}' : '{MMM} {D}',
          },
      ...yScales.map((scale, i) => axisFor(scale, i === 0 ? 3 : 1)),
    ],
    series: [
      {
        label: t(chart.xHeading),
        // The hovered point's day, or its row's name.
        value: bars ? (_u, v: number) => chart.labels[v] ?? '—' : '{YYYY}-{MM}-{DD}',
      },
      ...chart.series.map((s, i): uPlot.Series => {
        const colour = COLOURS[i % COLOURS.length] ?? '#2f6fed';
        const n = chart.series.length;
        return {
          label: t(s.heading),
          scale: scaleOf(s.kind),
          stroke: colour,
          width: 2,
          value: (_u, v) => cellText(s.kind, v, lang),
          ...(bars
            ? {
                fill: colour,
                // Up to two bar series side by side (the slice charts have one or two).
                paths: uPlot.paths.bars?.({
                  size: [n > 1 ? 0.4 : 0.6, 60],
                  align: n > 1 ? (i === 0 ? -1 : 1) : 0,
                }),
                points: { show: false },
              }
            : {}),
        };
      }),
    ],
  };
}

/**
 * A report's chart, drawn by uPlot from the chart model (report-tables.ts), whose numbers are the
 * table's own cells. The table below it carries every number for screen readers.
 */
export function ReportChart({
  chart,
  i18n,
}: {
  chart: ChartModel;
  i18n: Pick<Translator, 't' | 'lang'>;
}): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const { t, lang } = i18n;
  useEffect(() => {
    const element = box.current;
    if (!element || chart.x.length === 0) return;
    const data: uPlot.AlignedData = [chart.x, ...chart.series.map((s) => s.values)];
    const plot = new uPlot(options(chart, element.clientWidth || 600, { t, lang }), data, element);
    const resize = new ResizeObserver(() => {
      plot.setSize({ width: element.clientWidth || 600, height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
    // Drawn again for new numbers or another language only, not for every render of the page.
  }, [chart, t, lang]);
  return (
    <figure className="report-chart" aria-hidden="true">
      <div
        ref={box}
        data-testid="report-chart"
        data-series={chart.series.length}
        data-points={chart.x.length}
      />
    </figure>
  );
}
