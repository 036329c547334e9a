/**
 * The device every browser test runs as (playwright.config.ts `use`, and the contexts a spec opens
 * itself): Vietnamese, Vietnam's time, and asking for less motion — antd then animates nothing
 * (app/providers.tsx), so no click lands on a dialog, popover or menu still moving (mouse down and
 * up on different spots). reduced-motion.spec.ts checks both motion settings.
 */
export const VIETNAM_DEVICE = { locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh', reducedMotion: 'reduce' } as const;
