import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

/** The first focusable element of every page: jumps over the header and navigation. */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Focus the main region without changing the URL (the router owns it).
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      className="fixed top-3 left-3 z-50 -translate-y-24 rounded-lg bg-primary px-4 py-3 text-sm font-medium text-primary-foreground shadow-lg focus:translate-y-0"
    >
      {t('skipToContent')}
    </a>
  );
}
