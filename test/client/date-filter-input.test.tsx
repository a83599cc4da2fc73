/**
 * Date filters read dd/mm/yyyy whatever the browser's language (issue 41 item 6): the field shows the
 * date in force as dd/mm/yyyy, takes one typed that way (or an ISO date pasted), passes on only whole
 * dates within min/max, and shows the date in force again when she leaves it.
 */
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateFilterInput, parseDmy } from '../../src/components/date-filter-input';
import { renderScreen } from './render';

function Example({ seen }: { seen: string[] }) {
  const [value, setValue] = useState('2026-11-05');
  return (
    <DateFilterInput
      label="Mulai"
      aria-label="Mulai"
      value={value}
      max="2026-12-02"
      onChange={(d) => {
        seen.push(d);
        setValue(d);
      }}
    />
  );
}

describe('DateFilterInput', () => {
  it('shows dd/mm/yyyy and passes on whole dates typed dd/mm/yyyy, within its bounds', async () => {
    const seen: string[] = [];
    renderScreen(<Example seen={seen} />);
    const field = screen.getByRole('textbox', { name: 'Mulai' });
    expect((field as HTMLInputElement).value).toBe('05/11/2026');
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '1/12/2026');
    expect(seen.at(-1)).toBe('2026-12-01');
    // After the bound: not passed on, and leaving the field shows the date in force.
    await user.type(field, '{Backspace}7');
    expect((field as HTMLInputElement).value).toBe('1/12/2027');
    expect(seen.at(-1)).toBe('2026-12-01');
    fireEvent.blur(field);
    expect((field as HTMLInputElement).value).toBe('01/12/2026');
    // Emptied, the filter is cleared.
    await user.clear(field);
    expect(seen.at(-1)).toBe('');
    expect(screen.getByRole('button', { name: 'Pilih Mulai dari kalender' })).toBeTruthy();
  });

  it('reads dd/mm/yyyy, d/m/yyyy and ISO, and refuses what is no date', () => {
    expect(parseDmy('02/12/2026')).toBe('2026-12-02');
    expect(parseDmy('2/1/2026')).toBe('2026-01-02');
    expect(parseDmy('2026-12-02')).toBe('2026-12-02');
    expect(parseDmy('31/02/2026')).toBeNull();
    expect(parseDmy('12/31/2026')).toBeNull();
    expect(parseDmy('kemarin')).toBeNull();
  });
});
