import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  icon?: ReactNode;
  busy?: boolean;
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', icon, busy = false, className = '', children, disabled, type = 'button', ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={`btn btn--${variant} ${className}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy ? <span className="spinner spinner--small" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
});

type ButtonLinkProps = LinkProps & { variant?: Variant; icon?: ReactNode };

export function ButtonLink({ variant = 'primary', icon, className = '', children, ...props }: ButtonLinkProps) {
  return (
    <Link className={`btn btn--${variant} ${className}`} {...props}>
      {icon}
      {children}
    </Link>
  );
}
