/** The benches' signed-in runs: log in through the form as the demo SPG, as she does, and let /profile settle. */
export async function loginAsDemoSpg(page, baseUrl) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username').fill('spg');
  await page.getByLabel('Password', { exact: true }).fill('Hadir#Demo2026');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/profile');
  await page.waitForLoadState('networkidle');
}
