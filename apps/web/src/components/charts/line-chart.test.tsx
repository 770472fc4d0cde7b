import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { describeSeries, LineChart } from './line-chart';

const points = [
  { x: '2025-03-10', y: '100.000000' },
  { x: '2025-03-11', y: '98.500000' },
  { x: '2025-03-12', y: '104.250000' },
  { x: '2025-03-13', y: '103.000000' },
];
const formatX = (x: string) => x.split('-').reverse().join('/');
const formatY = (y: string | number) => Number(y).toFixed(2);

describe('LineChart', () => {
  it('is an image named by a summary of its first, last, lowest and highest values', () => {
    const label = describeSeries(
      points,
      formatX,
      formatY,
      (v) => `NAV from ${v.first} on ${v.firstDate} to ${v.last} on ${v.lastDate}; low ${v.min}, high ${v.max}`,
    );
    renderWithProviders(<LineChart points={points} label={label} formatX={formatX} formatY={formatY} testId="chart" />);
    const chart = screen.getByRole('img');
    expect(chart).toHaveAccessibleName('NAV from 100.00 on 10/03/2025 to 103.00 on 13/03/2025; low 98.50, high 104.25');
    expect(chart.querySelectorAll('path')).toHaveLength(2);
  });

  it('labels its highest and lowest values, and only one for a flat series', () => {
    const { unmount } = renderWithProviders(
      <LineChart points={points} label="NAV" formatX={formatX} formatY={formatY} testId="chart" />,
    );
    expect(screen.getByTestId('chart-max')).toHaveTextContent('104.25');
    expect(screen.getByTestId('chart-min')).toHaveTextContent('98.50');
    unmount();
    const flat = points.map((p) => ({ ...p, y: '100.000000' }));
    renderWithProviders(<LineChart points={flat} label="NAV" formatX={formatX} formatY={formatY} testId="chart" />);
    expect(screen.getByTestId('chart-max')).toHaveTextContent('100.00');
    expect(screen.queryByTestId('chart-min')).not.toBeInTheDocument();
  });

  it('shows the value under the keyboard marker in a tooltip', () => {
    renderWithProviders(<LineChart points={points} label="NAV" formatX={formatX} formatY={formatY} testId="chart" />);
    const chart = screen.getByRole('img');
    fireEvent.focus(chart);
    expect(screen.getByTestId('chart-tooltip')).toHaveTextContent('13/03/2025103.00');
    fireEvent.keyDown(chart, { key: 'Home' });
    expect(screen.getByTestId('chart-tooltip')).toHaveTextContent('10/03/2025100.00');
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(screen.getByTestId('chart-tooltip')).toHaveTextContent('98.50');
    fireEvent.blur(chart);
    expect(screen.queryByTestId('chart-tooltip')).not.toBeInTheDocument();
  });

  it('draws nothing for an empty series', () => {
    renderWithProviders(<LineChart points={[]} label="NAV" formatX={formatX} formatY={formatY} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
