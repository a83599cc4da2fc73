/**
 * The phone's machine-free tabs (src/components/simple-tabs.tsx) follow the WAI-ARIA tabs pattern, as
 * Chakra's did on /profile: one tab stop, arrows (wrapping), Home and End select and focus, each panel
 * labelled by its tab, only the selected panel rendered, and the recipe's classes on every part.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SimpleTabs as Tabs } from '../../src/components/simple-tabs';
import { renderScreen } from './render';

const TABS = ['Personal', 'Pegawai', 'Kontrak'];

function Example({ onChange }: { onChange?: (value: string) => void }) {
  const [tab, setTab] = useState('Pegawai');
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(v) => {
        setTab(v);
        onChange?.(v);
      }}
      variant="line"
    >
      <Tabs.List>
        {TABS.map((t) => (
          <Tabs.Trigger key={t} value={t}>
            {t}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {TABS.map((t) => (
        <Tabs.Content key={t} value={t}>
          Isi {t}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

const selected = () => screen.getAllByRole('tab').filter((t) => t.getAttribute('aria-selected') === 'true');

describe('SimpleTabs', () => {
  it('selects by click, shows only that panel, labelled by its tab, with one tab stop', async () => {
    const changes: string[] = [];
    renderScreen(<Example onChange={(v) => changes.push(v)} />);
    expect(selected().map((t) => t.textContent)).toEqual(['Pegawai']);
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(screen.getByRole('tabpanel', { name: 'Pegawai' }).textContent).toBe('Isi Pegawai');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1]);

    await userEvent.click(screen.getByRole('tab', { name: 'Kontrak' }));
    expect(changes).toEqual(['Kontrak']);
    expect(screen.getByRole('tabpanel', { name: 'Kontrak' }).textContent).toBe('Isi Kontrak');
    expect(screen.queryByText('Isi Pegawai')).toBeNull();
    const tab = screen.getByRole('tab', { name: 'Kontrak' });
    expect(tab.getAttribute('aria-controls')).toBe(screen.getByRole('tabpanel').id);
  });

  it('moves with the arrow keys (wrapping), Home and End, selecting as it goes', async () => {
    renderScreen(<Example />);
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Pegawai');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Kontrak');
    expect(selected().map((t) => t.textContent)).toEqual(['Kontrak']);
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Personal');
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement?.textContent).toBe('Kontrak');
    await userEvent.keyboard('{Home}');
    expect(selected().map((t) => t.textContent)).toEqual(['Personal']);
    await userEvent.keyboard('{End}');
    expect(selected().map((t) => t.textContent)).toEqual(['Kontrak']);
    expect(screen.getByRole('tabpanel', { name: 'Kontrak' })).toBeTruthy();
  });

  it("carries Chakra's tabs recipe on each part", () => {
    renderScreen(<Example />);
    expect(screen.getByRole('tablist').className).toContain('chakra-tabs__list');
    expect(screen.getByRole('tab', { name: 'Pegawai' }).className).toContain('chakra-tabs__trigger');
    expect(screen.getByRole('tabpanel').className).toContain('chakra-tabs__content');
  });
});
