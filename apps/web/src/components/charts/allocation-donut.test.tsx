// The allocation ring: a screen reader hears every share in one label, the legend writes the same
// shares with two decimals in the interface language, and the arcs add up to the whole ring.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AllocationDonut } from './allocation-donut';

const shares = [
  { key: 1, name: 'Lombard Bond 2030', weight: '0.6254' },
  { key: 2, name: 'Lombard Equity Europe', weight: '0.3746' },
];

describe('AllocationDonut', () => {
  it('names every share with two decimals in its accessible label (English)', () => {
    renderWithProviders(<AllocationDonut title="Allocation" shares={shares} />);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Allocation: Lombard Bond 2030 62.54% and Lombard Equity Europe 37.46%',
    );
  });

  it('writes the legend in Italian with a decimal comma', () => {
    renderWithProviders(<AllocationDonut title="Allocazione" shares={shares} />, { language: 'it' });
    const items = screen.getAllByTestId('donut-legend-item');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('62,54%')).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Allocazione: Lombard Bond 2030 62,54% e Lombard Equity Europe 37,46%',
    );
  });

  it('draws one arc per share, one after the other', () => {
    const { container } = renderWithProviders(<AllocationDonut title="Allocation" shares={shares} />);
    const arcs = [...container.querySelectorAll('circle')].slice(1);
    expect(arcs.map((arc) => arc.getAttribute('stroke-dasharray'))).toEqual(['62.54 37.46', '37.46 62.54']);
    expect(arcs.map((arc) => Number(arc.getAttribute('stroke-dashoffset')).toFixed(2))).toEqual(['25.00', '-37.54']);
  });
});
