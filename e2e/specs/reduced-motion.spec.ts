import type { Page } from '@playwright/test';
import { demo, expect, signIn, test } from '../support/fixtures';

/**
 * A device that asks for less motion (its accessibility setting, WCAG 2.3.3) gets no animations:
 * dialogs, menus and toasts appear and go at once. Every other device keeps antd's motion. (The
 * browser tests run as the first kind: playwright.config.ts.)
 */

/** Opens the logout confirmation from the top bar and reads antd's mid motion duration and the dialog's running animations. */
async function openLogoutDialog(page: Page) {
  await signIn(page, 'agrihub', demo('producer', 'agrihub'));
  await page.getByTestId('logout').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return {
    duration: await page
      .getByTestId('logout-confirm')
      .evaluate((el) => getComputedStyle(el).getPropertyValue('--ant-motion-duration-mid').trim()),
    running: await dialog.evaluate(
      (el) =>
        el
          .closest('.ant-modal-root')!
          .getAnimations({ subtree: true })
          .filter((a) => a.playState === 'running').length,
    ),
  };
}

test.describe('a device asking for less motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('opens the logout dialog without animation; cancelling closes it at once', async ({ page }) => {
    const { duration, running } = await openLogoutDialog(page);
    expect(duration).toBe('0s');
    expect(running).toBe(0);
    await page.getByTestId('logout-cancel').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('side-menu')).toBeVisible();
  });
});

test.describe('a device with no motion preference', () => {
  test.use({ reducedMotion: 'no-preference' });

  test("keeps antd's animations", async ({ page }) => {
    const { duration } = await openLogoutDialog(page);
    expect(duration).toBe('0.2s');
    await page.getByTestId('logout-cancel').click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
