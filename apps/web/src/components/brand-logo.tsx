import { platform } from '../lib/platform';

/** The platform's logo (public/brand/<key>.svg); its name is the alt text. */
export function BrandLogo({ height = 36, iconOnly = false }: { height?: number; iconOnly?: boolean }) {
  return (
    <img
      src={iconOnly ? platform.favicon : platform.logo}
      alt={platform.name}
      height={height}
      style={{ display: 'block', height, width: 'auto' }}
      data-testid="platform-logo"
    />
  );
}
