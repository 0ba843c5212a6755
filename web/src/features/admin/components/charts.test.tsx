/** @jest-environment jsdom */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { renderChartsWithoutLayout } from '@/testing/charts';
import { renderWithProviders } from '@/testing/render';
import { DailyUsageChart, DailyVisitorsChart } from './charts';

beforeAll(renderChartsWithoutLayout);

/** The screen readers' table of a chart: its header row, then one row per day. */
function tableOf(testId: string): string[][] {
  const table = within(screen.getByTestId(testId)).getByRole('table', { hidden: true });
  return within(table)
    .getAllByRole('row', { hidden: true })
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('the admin charts', () => {
  it('daily usage: a caption, and a table of documents per day beside the plot', () => {
    renderWithProviders(
      <DailyUsageChart
        data={[
          { date: '2026-11-24', count: 3 },
          { date: '2026-11-25', count: 0 },
        ]}
      />,
    );
    const figure = screen.getByTestId('daily-usage-chart');
    expect(within(figure).getByText('Daily usage').tagName).toBe('FIGCAPTION');
    expect(within(figure).getByText('Documents processed per day').tagName).toBe('CAPTION');
    expect(tableOf('daily-usage-chart')).toEqual([
      ['Day', 'Documents'],
      ['Nov 24', '3'],
      ['Nov 25', '0'],
    ]);
    expect(figure.querySelector('.plot')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('daily visitors: a table with visitors and unique visitors per day', () => {
    renderWithProviders(<DailyVisitorsChart data={[{ date: '2026-11-25', visitors: 7, uniqueVisitors: 4 }]} />);
    const figure = screen.getByTestId('daily-visitors-chart');
    expect(within(figure).getByText('Daily visitors').tagName).toBe('FIGCAPTION');
    expect(within(figure).getByText('Visitors per day').tagName).toBe('CAPTION');
    expect(tableOf('daily-visitors-chart')).toEqual([
      ['Day', 'Visitors', 'Unique visitors'],
      ['Nov 25', '7', '4'],
    ]);
  });

  it('says there is no data instead of drawing an empty chart', () => {
    renderWithProviders(<DailyVisitorsChart data={[]} />);
    const figure = screen.getByTestId('daily-visitors-chart');
    expect(within(figure).getByText('No data for this period')).toBeTruthy();
    expect(within(figure).queryByRole('table', { hidden: true })).toBeNull();
  });
});
