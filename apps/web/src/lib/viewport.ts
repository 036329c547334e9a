/** The portal is laid out for a fixed 1200 px width; pages marked responsive adapt to the device. */
export const FIXED_VIEWPORT = 'width=1200';
export const RESPONSIVE_VIEWPORT = 'width=device-width, initial-scale=1';

export function setResponsiveViewport(responsive: boolean): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="viewport"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'viewport';
    document.head.appendChild(meta);
  }
  const content = responsive ? RESPONSIVE_VIEWPORT : FIXED_VIEWPORT;
  if (meta.content !== content) meta.content = content;
}
