import { Button, type ButtonProps } from 'antd';
import { useHref, useNavigate, type To } from 'react-router';

type LinkButtonProps = Omit<ButtonProps, 'href'> & { to: To };

/**
 * A link that looks like a button: one element (a button inside a link is two nested controls, two
 * tab stops, and the link's name hides the button's). antd renders it as <a href>; a plain click
 * opens the page in the app, a click with a modifier key (new tab or window) is left to the browser.
 */
export function LinkButton({ to, onClick, ...props }: LinkButtonProps) {
  const navigate = useNavigate();
  const href = useHref(to);
  return (
    <Button
      {...props}
      href={href}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        void navigate(to);
      }}
    />
  );
}
