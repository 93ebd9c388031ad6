import {
  type GeoPosition,
  QR_USER_LEVELS,
  type QrUserLevel,
  resolveDynamicQr,
} from '@ztart/shared/dynamic-qr';
import type { UserLevel } from '@ztart/shared/roles';
import { Eye, LocateFixed } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { type DynamicDraft, parseDynamicDraft } from '@/features/qr/dynamic/dynamic-draft';
import { currentPosition } from '@/features/qr/geolocation';
import { useErrorMessage } from '@/hooks/use-error-message';
import { useNow } from '@/hooks/use-now';

/** A profile level standing for each bucket of the manager, to preview a scan by such a person. */
const SAMPLE_LEVEL: Record<QrUserLevel, UserLevel> = {
  guest: 'guest',
  basic: 'standard',
  premium: 'premium',
  business: 'business',
};

/** The preview follows the clock: a time window may open while the page is open. */
const PREVIEW_REFRESH_MS = 30_000;

/**
 * Which rule would decide a scan right now, here, by a person of the chosen level: the shared
 * resolver the server uses, run on the form as it stands.
 */
export function DynamicPreview({ draft }: { draft: DynamicDraft }) {
  const { t } = useTranslation('qr');
  const errorMessage = useErrorMessage();
  const now = useNow(PREVIEW_REFRESH_MS);
  const [level, setLevel] = useState<QrUserLevel>('guest');
  const [position, setPosition] = useState<GeoPosition | null>(null);
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<string | null>(null);
  const parsed = useMemo(() => parseDynamicDraft(draft), [draft]);

  const locate = async () => {
    setLocating(true);
    setLocationError(null);
    try {
      setPosition(await currentPosition());
    } catch (error) {
      setLocationError(errorMessage(error));
    } finally {
      setLocating(false);
    }
  };

  let outcome: string;
  if (!parsed.ok) {
    outcome = t('dynamic.preview.incomplete');
  } else if (!parsed.value.enabled) {
    outcome = t('dynamic.preview.off');
  } else {
    const { rules, redirectUrl, message, timeZone } = parsed.value;
    const resolution = resolveDynamicQr(
      rules,
      { redirectUrl, message },
      { now: new Date(now), timeZone, position, userLevel: SAMPLE_LEVEL[level] },
    );
    const who =
      resolution.ruleIndex === null
        ? t('dynamic.preview.noRule')
        : t('dynamic.preview.rule', { number: resolution.ruleIndex + 1 });
    const { target } = resolution;
    const where =
      target.redirectUrl !== null
        ? t('dynamic.preview.redirect', { url: target.redirectUrl })
        : target.message !== null
          ? t('dynamic.preview.message', { message: target.message })
          : t('dynamic.preview.ownPage');
    outcome = `${who} ${where}`;
  }

  return (
    <section
      className="flex flex-col gap-3 rounded-xl border bg-muted/40 p-4"
      aria-label={t('dynamic.preview.title')}
    >
      <p className="flex items-center gap-2 text-sm font-semibold">
        <Eye aria-hidden="true" className="size-4 text-muted-foreground" />
        {t('dynamic.preview.title')}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label={t('dynamic.preview.as')}
          value={level}
          className="min-w-40"
          onChange={(event) => {
            const next = QR_USER_LEVELS.find((candidate) => candidate === event.target.value);
            if (next) setLevel(next);
          }}
        >
          {QR_USER_LEVELS.map((candidate) => (
            <option key={candidate} value={candidate}>
              {t(`dynamic.levels.${candidate}`)}
            </option>
          ))}
        </Select>
        <Button variant="outline" disabled={locating} onClick={() => void locate()}>
          <LocateFixed aria-hidden="true" />
          {position ? t('dynamic.preview.positionShared') : t('dynamic.preview.sharePosition')}
        </Button>
      </div>
      {locationError ? <p className="text-sm font-medium text-destructive">{locationError}</p> : null}
      {position ? null : <p className="text-sm text-muted-foreground">{t('dynamic.preview.noPosition')}</p>}
      <p data-testid="dynamic-preview" className="text-sm break-words">
        {outcome}
      </p>
    </section>
  );
}
