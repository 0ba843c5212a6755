import { useState } from 'react';
import styled from 'styled-components';
import { Card, CardTitle, Muted } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useVisitorAnalytics, type VisitorAnalytics } from '@/features/admin/api/get-visitor-analytics';
import { LIMITS, dailyVisitorSeries, defaultDateRange, formatSessionDuration, isValidRange, type DateRange } from '@/features/admin/lib/format';
import { BlacklistPanel } from './blacklist-panel';
import { DailyVisitorsChart } from './charts';
import { Stat, StatGrid } from './stat-card';
import { Alert, Table } from './table';

const Stack = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1.25rem;
`;

const Range = styled.fieldset`
  border: none;
  padding: 0;
  margin: 0 0 1rem;
  display: flex;
  flex-wrap: wrap;
  gap: 0 1rem;
  align-items: end;
  legend { font-weight: 600; margin-bottom: 0.5rem; padding: 0; }
  > div { min-width: 11rem; }
`;

const Lists = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: 1.25rem;
`;

/** One ranked list (pages, countries, browsers, devices) as a two-column table. */
function RankedTable<T>({ title, rows, name, count, nameHeader, countHeader, testId }: {
  title: string;
  rows: ReadonlyArray<T>;
  name: (row: T) => string;
  count: (row: T) => number;
  nameHeader: string;
  countHeader: string;
  testId: string;
}) {
  return (
    <Card aria-label={title} data-testid={testId}>
      {rows.length === 0 ? (
        <>
          <CardTitle as="h3">{title}</CardTitle>
          <Muted>None in this period</Muted>
        </>
      ) : (
        <Table>
          <caption style={{ fontSize: '1.1rem', color: 'inherit' }}>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{nameHeader}</th>
              <th scope="col" className="number">
                {countHeader}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={name(row)} data-testid={`${testId}-row`}>
                <th scope="row" style={{ wordBreak: 'break-all' }}>
                  {name(row)}
                </th>
                <td className="number">{count(row)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}

function Figures({ data, range }: { data: VisitorAnalytics; range: DateRange }) {
  return (
    <>
      <StatGrid>
        <Stat label="Total visitors" value={data.totalVisitors} testId="stat-total-visitors" />
        <Stat label="Unique visitors" value={data.uniqueVisitors} testId="stat-unique-visitors" />
        <Stat label="Page views" value={data.pageViews} testId="stat-page-views" />
        <Stat label="Average session" value={formatSessionDuration(data.avgSessionDuration)} testId="stat-avg-session" />
        <Stat label="Bounce rate" value={`${data.bounceRate.toFixed(1)}%`} testId="stat-bounce-rate" />
      </StatGrid>
      <div style={{ marginTop: '1.5rem' }}>
        <DailyVisitorsChart data={dailyVisitorSeries(data.dailyVisitors, range)} />
      </div>
    </>
  );
}

/** The Visitor Analytics tab: a date range (the last 30 days by default), figures, lists and the IP blacklist. */
export function VisitorAnalyticsTab({ today = new Date() }: { today?: Date }) {
  const [range, setRange] = useState<DateRange>(() => defaultDateRange(today));
  const valid = isValidRange(range);
  const analytics = useVisitorAnalytics(range, valid);
  const data = analytics.data;

  return (
    <Stack>
      <Card aria-labelledby="visitor-analytics-title" data-testid="visitor-analytics">
        <CardTitle id="visitor-analytics-title">Visitors</CardTitle>
        <Range>
          <legend>Date range</legend>
          <TextField
            label="From"
            type="date"
            value={range.startDate}
            max={range.endDate}
            required
            onChange={(event) => setRange((current) => ({ ...current, startDate: event.target.value }))}
            data-testid="analytics-start-date"
          />
          <TextField
            label="To"
            type="date"
            value={range.endDate}
            min={range.startDate}
            required
            onChange={(event) => setRange((current) => ({ ...current, endDate: event.target.value }))}
            data-testid="analytics-end-date"
          />
        </Range>
        {!valid ? (
          <Alert data-testid="analytics-range-error">Choose a start date on or before the end date.</Alert>
        ) : analytics.isError ? (
          <Alert data-testid="visitor-analytics-error">{analytics.error.message}</Alert>
        ) : !data ? (
          <Spinner label="Loading visitor analytics" />
        ) : (
          <div aria-busy={analytics.isFetching}>
            <Figures data={data} range={range} />
          </div>
        )}
      </Card>
      {valid && data && !analytics.isError ? (
        <Lists>
          <RankedTable
            title="Top pages"
            rows={data.topPages.slice(0, LIMITS.topPages)}
            name={(row) => row.page}
            count={(row) => row.views}
            nameHeader="Page"
            countHeader="Views"
            testId="top-pages"
          />
          <RankedTable
            title="Countries"
            rows={data.topCountries.slice(0, LIMITS.countries)}
            name={(row) => row.country}
            count={(row) => row.visitors}
            nameHeader="Country"
            countHeader="Visitors"
            testId="top-countries"
          />
          <RankedTable
            title="Browsers"
            rows={data.browsers.slice(0, LIMITS.browsers)}
            name={(row) => row.browser}
            count={(row) => row.count}
            nameHeader="Browser"
            countHeader="Sessions"
            testId="top-browsers"
          />
          <RankedTable
            title="Devices"
            rows={data.deviceTypes}
            name={(row) => row.type}
            count={(row) => row.count}
            nameHeader="Device"
            countHeader="Sessions"
            testId="device-types"
          />
        </Lists>
      ) : null}
      {/* The country database (DB-IP IP to Country Lite) is CC BY 4.0: it asks for this credit where its figures are shown. */}
      <Muted data-testid="geolocation-attribution">
        <a href="https://db-ip.com">IP Geolocation by DB-IP</a>
      </Muted>
      <BlacklistPanel />
    </Stack>
  );
}
