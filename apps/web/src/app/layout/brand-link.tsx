import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

/** The logo mark; the same drawing as public/icon.svg. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 512 512" aria-hidden="true" className={cn('size-9 shrink-0', className)}>
      <rect width="512" height="512" rx="112" fill="#047857" />
      <path d="M144 148h224v52L228 340h140v56H144v-52l140-140H144z" fill="#ffffff" />
      <circle cx="384" cy="128" r="40" fill="#fcd34d" />
    </svg>
  );
}

/** The app's name and logo, linking home. The name hides on the narrowest phones when asked. */
export function BrandLink({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation(['common', 'nav']);
  return (
    <Link
      to="/"
      aria-label={t('nav:homeLink')}
      className="inline-flex min-h-11 items-center gap-2.5 rounded-lg pr-1 font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-ring"
    >
      <BrandMark />
      <span className={cn('text-lg', compact && 'hidden sm:inline')}>{t('common:appName')}</span>
    </Link>
  );
}
