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

/** Documents processed per day (SPEC: the last 7 days). */
export function DailyUsageChart({ data }: { data: ReadonlyArray<{ date: string; count: number }> }) {
  const theme = useTheme();
  const points = data.map((day) => ({ ...day, label: formatDay(day.date) }));
  return (
    <ChartFigure
      caption="Daily usage"
      testId="daily-usage-chart"
      empty={points.length === 0}
      table={
        <table>
          <caption>Documents processed per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Documents</th>
            </tr>
          </thead>
          <tbody>
            {points.map((day) => (
              <tr key={day.date}>
                <th scope="row">{day.label}</th>
                <td>{day.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 260 }}>
        <BarChart data={points} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fill: theme.colors.text, fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fill: theme.colors.text, fontSize: 12 }} />
          <Tooltip />
          <Bar dataKey="count" name="Documents" fill={theme.colors.brand} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** Visitors and unique visitors per day (SPEC: the last 15 days of the window). */
export function DailyVisitorsChart({ data }: { data: ReadonlyArray<{ date: string; visitors: number; uniqueVisitors: number }> }) {
  const theme = useTheme();
  const points = data.map((day) => ({ ...day, label: formatDay(day.date) }));
  return (
    <ChartFigure
      caption="Daily visitors"
      testId="daily-visitors-chart"
      empty={points.length === 0}
      table={
        <table>
          <caption>Visitors per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Visitors</th>
              <th scope="col">Unique visitors</th>
            </tr>
          </thead>
          <tbody>
            {points.map((day) => (
              <tr key={day.date}>
                <th scope="row">{day.label}</th>
                <td>{day.visitors}</td>
                <td>{day.uniqueVisitors}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 260 }}>
        <LineChart data={points} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fill: theme.colors.text, fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fill: theme.colors.text, fontSize: 12 }} />
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="visitors" name="Visitors" stroke={theme.colors.brand} strokeWidth={2} isAnimationActive={false} />
          <Line type="monotone" dataKey="uniqueVisitors" name="Unique visitors" stroke={theme.colors.accent} strokeWidth={2} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
