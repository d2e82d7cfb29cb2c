import { useEffect, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { applyBrandCss, type ClientBrand } from '@tenantry/shared/brand';
import { followLink } from '../lib/navigation.ts';
import { t } from '../messages.ts';

/** A link; a guest page opens without loading the page again. */
export function Link({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a href={to} onClick={followLink}>
      {children}
    </a>
  );
}

/**
 * The centered card every guest page is: the product's name, a heading, the content. With a
 * provider's `brand` (the shared sign-in; docs/branding.md), its logo, name and colour instead.
 */
export function Card({
  title,
  description,
  children,
  footer,
  brand = null,
  homeLabel = t('card.home'),
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  brand?: ClientBrand | null;
  /** The name of the link to Tenantry's home (the shared sign-in says it in its language). */
  homeLabel?: string;
}) {
  useEffect(() => {
    document.title = `${title} · ${brand?.name ?? 'Tenantry'}`;
  }, [title, brand?.name]);
  const color = brand?.color;
  useEffect(() => applyBrandCss(document.documentElement.style, color), [color]);
  return (
    <main className="page">
      <div className="column">
        {brand ? (
          <p className="brand" data-testid="brand">
            {brand.logoUrl ? (
              <img className="brand-logo" src={brand.logoUrl} alt="" height={40} />
            ) : null}
            {brand.name}
          </p>
        ) : (
          <a href="/" className="brand" aria-label={homeLabel}>
            Tenantry
          </a>
        )}
        {/* A provider's colour shows as the card's top border (docs/branding.md). */}
        <div className={color ? 'card card-branded' : 'card'}>
          <div className="heading">
            <h1>{title}</h1>
            {description ? <p className="dimmed">{description}</p> : null}
          </div>
          {children}
        </div>
        {footer ? <div className="footer">{footer}</div> : null}
      </div>
    </main>
  );
}

/** A message in a coloured box: `alert` for a failure (announced at once), `status` otherwise. */
export function Notice({
  tone,
  title,
  children,
}: {
  tone: 'error' | 'info' | 'success' | 'warning';
  title?: ReactNode;
  children?: ReactNode;
}) {
  return (
    // i18n-ignore: class names
    <div className={`notice notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <p className="notice-title">{title}</p> : null}
      {children ? <div>{children}</div> : null}
    </div>
  );
}

/** A labelled input with its hint and its error (described by both, invalid while it has one). */
export function Field({
  label,
  hint,
  error,
  ...input
}: {
  label: string;
  hint?: string;
  error?: string | null;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The form's main button; busy while its request runs. */
export function Submit({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
      {busy ? <span className="spinner" aria-hidden /> : null}
      {children}
    </button>
  );
}

/** A button that reads as a link (resend a code, go back a step). */
export function TextButton({
  onClick,
  disabled,
  children,
}: {
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="button" className="text-button" onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}

/** A line saying something is loading (announced politely). */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden />
      {children}
    </p>
  );
}
