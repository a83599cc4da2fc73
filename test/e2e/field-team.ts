/**
 * A team of the journey's own: a new SPG (her store, her contract from today and a plan with one visit
 * line today: freshEmployee) and a new team leader (an employee with no plan), the SPG's team leader set
 * as the back office does (PUT /api/karyawan/{nrp} with team_leader_nrp, docs/decisions/043-team-leader.md),
 * and an account for each with the demo password: role USER for the SPG, role TL for the leader. Nothing
 * of the demo team (`spg` 26000002, `tl` 26000001), so leave, corrections and the bell of one journey never
 * meet another's. The leader's account exists before anything is filed: step 1 of leave and corrections is
 * hers only while an active account linked to her NRP approves.
 */
import { expect } from 'vitest';
import { apiRequest } from './browser';
import { fieldUser, freshEmployee, json, newAccount, newEmployee, type Line } from './field-accounts';

export interface TeamMember {
  nrp: string;
  /** The employee's name, also her account's name (what the header and the approval lists show). */
  nama: string;
  username: string;
  userid: string;
}

export interface FreshTeam {
  /** The SPG, with her one visit line of today. */
  spg: TeamMember & { line: Line };
  /** Her team leader (role TL). */
  leader: TeamMember;
}

interface KaryawanDetail {
  nrp: string;
  nama: string;
  team_leader_nrp: string | null;
}

async function detail(admin: string, nrp: string): Promise<KaryawanDetail> {
  return (await json<{ result: KaryawanDetail }>(await apiRequest('GET', `/api/karyawan/${nrp}`, { token: admin })))
    .result;
}

/**
 * A new SPG and her new team leader, with their accounts, made through the admin's API (`admin` is the
 * admin's bearer token, `today` Jakarta's date). `prefix` starts the SPG's username (`<prefix>.<tag>`),
 * and the leader's (`tl.<prefix>.<tag>`).
 */
export async function freshTeam(admin: string, today: string, prefix = 'tim'): Promise<FreshTeam> {
  const { nrp, line } = await freshEmployee(admin, today);
  const leader = await newEmployee(admin, today);
  const set = await apiRequest('PUT', `/api/karyawan/${nrp}`, {
    token: admin,
    body: { team_leader_nrp: leader.nrp },
  });
  expect(set.status, await set.clone().text()).toBe(200);
  const spg = await detail(admin, nrp);
  expect(spg.team_leader_nrp).toBe(leader.nrp);
  const spgAccount = await fieldUser(admin, nrp, prefix, spg.nama);
  const leaderAccount = await newAccount(admin, {
    prefix: `tl.${prefix}`,
    nama: leader.nama,
    role: 'TL',
    nrp: leader.nrp,
  });
  return {
    spg: { nrp, nama: spg.nama, line, ...spgAccount },
    leader: { nrp: leader.nrp, nama: leader.nama, ...leaderAccount },
  };
}
