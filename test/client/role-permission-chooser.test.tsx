import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { permissionList, type PermissionItem } from '../../src/domain/roles/permissions';
import { PermissionChooser } from '../../src/features/roles/components/permission-chooser';
import { renderScreen } from './render';

const SMALL: PermissionItem[] = [
  { id: 'user.read', category: 'Users' },
  { id: 'user.create', category: 'Users' },
  { id: 'role.read', category: 'Roles' },
  { id: 'role.update', category: 'Roles' },
  { id: 'role.delete', category: 'Roles' },
];

function Harness({
  permissions = SMALL,
  initial = [],
  onChange,
}: {
  permissions?: PermissionItem[];
  initial?: string[];
  onChange?: (next: string[]) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <PermissionChooser
      permissions={permissions}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const group = (category: string) => screen.getByRole('group', { name: `Kategori ${category}` });
const categoryBox = (category: string) =>
  within(group(category)).getByRole('checkbox', { name: category }) as HTMLInputElement;

describe('role permission chooser', () => {
  it('turns the overall select-all on by itself when every permission is chosen, off when one is removed', async () => {
    const user = userEvent.setup();
    renderScreen(<Harness />);
    const all = box('Pilih semua permission');
    expect(all.checked).toBe(false);

    for (const p of SMALL) await user.click(box(p.id));
    await waitFor(() => expect(box('Pilih semua permission').checked).toBe(true));
    await waitFor(() => expect(categoryBox('Users').checked).toBe(true));
    await waitFor(() => expect(categoryBox('Roles').checked).toBe(true));
    expect(screen.getByTestId('permission-count').textContent).toBe('5 dari 5 dipilih');

    await user.click(box('role.update'));
    await waitFor(() => expect(box('Pilih semua permission').checked).toBe(false));
    await waitFor(() => expect(categoryBox('Roles').checked).toBe(false));
    await waitFor(() => expect(categoryBox('Users').checked).toBe(true));
  });

  it('selects and clears a whole category with its own select-all, in catalogue order', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderScreen(<Harness initial={['user.read']} onChange={onChange} />);

    await user.click(categoryBox('Roles'));
    expect(onChange).toHaveBeenLastCalledWith(['user.read', 'role.read', 'role.update', 'role.delete']);
    for (const id of ['role.read', 'role.update', 'role.delete'])
      await waitFor(() => expect(box(id).checked).toBe(true));
    await waitFor(() => expect(box('user.create').checked).toBe(false));
    await waitFor(() => expect(box('Pilih semua permission').checked).toBe(false));

    // Completing the other category by hand completes everything.
    await user.click(box('user.create'));
    await waitFor(() => expect(box('Pilih semua permission').checked).toBe(true));

    await user.click(categoryBox('Roles'));
    expect(onChange).toHaveBeenLastCalledWith(['user.read', 'user.create']);
    for (const id of ['role.read', 'role.update', 'role.delete'])
      await waitFor(() => expect(box(id).checked).toBe(false));
    await waitFor(() => expect(categoryBox('Users').checked).toBe(true));
  });

  it('selects and clears everything from the overall select-all over the real catalogue', async () => {
    const user = userEvent.setup();
    const catalogue = permissionList();
    const onChange = vi.fn();
    renderScreen(<Harness permissions={catalogue} onChange={onChange} />);

    await user.click(box('Pilih semua permission'));
    expect(onChange).toHaveBeenLastCalledWith(catalogue.map((p) => p.id));
    await waitFor(() => expect(categoryBox('Karyawan').checked).toBe(true));
    await waitFor(() => expect(categoryBox('Master Data').checked).toBe(true));

    await user.click(box('Pilih semua permission'));
    expect(onChange).toHaveBeenLastCalledWith([]);
    await waitFor(() => expect(box('user.read').checked).toBe(false));
  });

  it('marks a partly chosen category as indeterminate', () => {
    renderScreen(<Harness initial={['role.read']} />);
    const control = group('Roles').querySelector('[data-part="control"]');
    expect(control?.getAttribute('data-state')).toBe('indeterminate');
    expect(categoryBox('Users').checked).toBe(false);
  });
});
