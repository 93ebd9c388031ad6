import { forbiddenDetailsSchema } from '@ztart/shared/contracts/businesses';
import { ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';

/** Whether the server refused because the person lacks a business permission (403). */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.code === 'forbidden');
}

/**
 * What a business screen shows when the server says the person may not see it (the screens are
 * not guarded in the browser: the server is the guard). Names the permission when it was given.
 */
export function ForbiddenState({ error, testId }: { error: unknown; testId?: string }) {
  const { t } = useTranslation('business');
  const details = error instanceof ApiError ? forbiddenDetailsSchema.safeParse(error.details) : null;
  return (
    <div
      data-testid={testId ?? 'business-forbidden'}
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center"
    >
      <ShieldX aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{t('forbidden.title')}</h2>
      <p className="max-w-md text-muted-foreground">
        {details?.success
          ? t('forbidden.bodyPermission', { permission: t(`permissions.${details.data.permission}`) })
          : t('forbidden.body')}
      </p>
      <Link className={buttonVariants({ variant: 'outline' })} to="/businesses">
        {t('admin.toBusinesses')}
      </Link>
    </div>
  );
}
