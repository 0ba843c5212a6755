import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import styled, { useTheme } from 'styled-components';
import { VisuallyHidden } from '@/components/ui/card';
import { formatDay } from '@/features/admin/lib/format';

const Figure = styled.figure`
  margin: 0;
  figcaption { font-weight: 600; margin-bottom: 0.5rem; }
  .plot { width: 100%; height: 260px; }
`;

const Empty = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  margin: 0;
`;

/**
 * A chart is drawn for the eye and hidden from assistive technology; the same figures follow
 * as a table only screen readers read, so nothing is lost to anyone who cannot see the plot.
 */
function ChartFigure({ caption, testId, table, children, empty }: { caption: string; testId: string; table: ReactNode; children: ReactNode; empty: boolean }) {
  return (
    <Figure data-testid={testId}>
      <figcaption>{caption}</figcaption>
      {empty ? (
        <Empty>No data for this period</Empty>
      ) : (
        <>
          <div className="plot" aria-hidden="true">
            {children}
          </div>
          <VisuallyHidden as="div">{table}</VisuallyHidden>
        </>
      )}
    </Figure>
  );
}

interface Series<K extends string> {
  key: K;
  /** The series' name in the legend, the tooltip and the table's column header. */
  name: string;
  color: string;
}

/**
 * Figures per day, drawn as bars (one series) or lines, with the table of the same figures:
 * a row per day, a column per series.
 */
function DailyChart<K extends string>({
  caption,
  testId,
  tableCaption,
  kind,
  series,
  data,
}: {
  caption: string;
  testId: string;
  tableCaption: string;
  kind: 'bar' | 'line';
  series: ReadonlyArray<Series<K>>;
  data: ReadonlyArray<{ date: string } & Record<K, number>>;
}) {
  const theme = useTheme();
  const points = data.map((day) => ({ ...day, label: formatDay(day.date) }));
  const axes = [
    <CartesianGrid key="grid" strokeDasharray="3 3" vertical={false} />,
    <XAxis key="x" dataKey="label" tick={{ fill: theme.colors.text, fontSize: 12 }} />,
    <YAxis key="y" allowDecimals={false} tick={{ fill: theme.colors.text, fontSize: 12 }} />,
    <Tooltip key="tooltip" />,
  ];
  const margin = { top: 8, right: 8, bottom: 0, left: -16 };
  return (
    <ChartFigure
      caption={caption}
      testId={testId}
      empty={points.length === 0}
      table={
        <table>
          <caption>{tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map((line) => (
                <th key={line.key} scope="col">
                  {line.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((day) => (
              <tr key={day.date}>
                <th scope="row">{day.label}</th>
                {series.map((line) => (
                  <td key={line.key}>{day[line.key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 260 }}>
        {kind === 'bar' ? (
          <BarChart data={points} accessibilityLayer={false} margin={margin}>
            {axes}
            {series.map((bar) => (
              <Bar key={bar.key} dataKey={bar.key} name={bar.name} fill={bar.color} radius={[4, 4, 0, 0]} isAnimationActive={false} />
            ))}
          </BarChart>
        ) : (
          <LineChart data={points} accessibilityLayer={false} margin={margin}>
            {axes}
            <Legend />
            {series.map((line) => (
              <Line key={line.key} type="monotone" dataKey={line.key} name={line.name} stroke={line.color} strokeWidth={2} isAnimationActive={false} />
            ))}
          </LineChart>
        )}
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** Documents processed per day (SPEC: the last 7 days). */
export function DailyUsageChart({ data }: { data: ReadonlyArray<{ date: string; count: number }> }) {
  const theme = useTheme();
  return (
    <DailyChart
      caption="Daily usage"
      testId="daily-usage-chart"
      tableCaption="Documents processed per day"
      kind="bar"
      series={[{ key: 'count', name: 'Documents', color: theme.colors.brand }]}
      data={data}
    />
  );
}

/** Visitors and unique visitors per day (SPEC: the last 15 days of the window). */
export function DailyVisitorsChart({ data }: { data: ReadonlyArray<{ date: string; visitors: number; uniqueVisitors: number }> }) {
  const theme = useTheme();
  return (
    <DailyChart
      caption="Daily visitors"
      testId="daily-visitors-chart"
      tableCaption="Visitors per day"
      kind="line"
      series={[
        { key: 'visitors', name: 'Visitors', color: theme.colors.brand },
        { key: 'uniqueVisitors', name: 'Unique visitors', color: theme.colors.accent },
      ]}
      data={data}
    />
  );
}
