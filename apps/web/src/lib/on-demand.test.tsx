// A header control shows its button from the first render and fetches its dropdown at the first idle
// moment, or earlier when the visitor heads for it; the first click opens the dropdown as soon as it
// has arrived.
import { Menu } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { onDemand, type RenderTrigger } from './on-demand';

function Dropdown({ trigger }: { trigger: RenderTrigger }) {
  return (
    <Menu defaultOpened>
      <Menu.Target>{trigger({})}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item>Italiano</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function setUp() {
  const load = vi.fn(async () => Dropdown);
  const Control = onDemand<object>('menu', load);
  renderWithProviders(
    <Control
      trigger={(props) => (
        <button type="button" {...props}>
          Lingua
        </button>
      )}
    />,
  );
  return load;
}

describe('onDemand', () => {
  it('shows a closed menu button and loads nothing before an idle moment or the visitor heading for it', () => {
    const load = setUp();
    const button = screen.getByRole('button', { name: 'Lingua' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('fetches the dropdown at the first idle moment, so that the first click does not wait for it', () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
    try {
      const load = setUp();
      expect(load).not.toHaveBeenCalled();
      for (const callback of idle.splice(0)) callback();
      expect(load).toHaveBeenCalled();
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('fetches the dropdown when the pointer reaches the button, before any click', async () => {
    const load = setUp();
    await userEvent.hover(screen.getByRole('button', { name: 'Lingua' }));
    expect(load).toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens the dropdown at the first click, with the button now the menu’s own', async () => {
    setUp();
    await userEvent.click(screen.getByRole('button', { name: 'Lingua' }));
    expect(await screen.findByRole('menuitem', { name: 'Italiano' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Lingua' })).toHaveAttribute('aria-expanded', 'true');
  });
});
