import { expect, type Locator, type Page } from '@playwright/test';

// antd widgets used as a person would, for every spec.

/**
 * Opens an antd Select (or TreeSelect) and picks the entry `option` (typing `search` first when the
 * select is searchable), until the field shows `shown`. The popup opens with a motion: a click
 * while it still moves can miss (mouse down and up on different spots), so it waits for the motion
 * to end and tries again if the choice did not take.
 */
export async function pickFrom(page: Page, testId: string, option: Locator, shown: string, search?: string) {
  const select = page.getByTestId(testId);
  const moving = page.locator(
    '.ant-select-dropdown:visible[class*="-enter"], .ant-select-dropdown:visible[class*="-appear"]',
  );
  await expect(async () => {
    if (!(await option.isVisible())) {
      await select.click();
      if (search) await select.locator('input').fill(search);
    }
    await expect(moving).toHaveCount(0, { timeout: 2_000 });
    await option.click({ timeout: 5_000 });
    await expect(select).toContainText(shown, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Picks the Select option whose label is exactly `label`. */
export async function pickOption(page: Page, testId: string, label: string, search?: string) {
  const option = page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`);
  await pickFrom(page, testId, option, label, search);
}
