import { QR_URL_MAX_LENGTH } from '@ztart/shared/contracts/qr-codes';
import { QR_USER_LEVELS } from '@ztart/shared/dynamic-qr';
import { TEXT_LIMITS } from '@ztart/shared/limits';
import { ArrowDown, ArrowUp, LocateFixed, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextAreaField, TextField } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import type { RuleDraft } from '@/features/qr/dynamic/dynamic-draft';
import { coordinateText, currentPosition } from '@/features/qr/geolocation';
import { useErrorMessage } from '@/hooks/use-error-message';

export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

export type RuleAction = 'up' | 'down' | 'remove';

export interface RuleEditorProps {
  rule: RuleDraft;
  index: number;
  count: number;
  /** Translated errors by field path (`rules.0.conditions.location.latitude`). */
  message: (path: string) => string | undefined;
  onChange: (patch: Partial<RuleDraft>, paths: readonly string[]) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}

/** One rule: its conditions (time window, place, level) and where a matching scan goes. */
export function RuleEditor({ rule, index, count, message, onChange, onMove, onRemove }: RuleEditorProps) {
  const { t } = useTranslation('qr');
  const errorMessage = useErrorMessage();
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<string | null>(null);
  const number = index + 1;
  const path = (field: string) => `rules.${index}.${field}`;
  const time = path('conditions.time');
  const location = path('conditions.location');

  const fillMyPosition = async () => {
    setLocating(true);
    setLocationError(null);
    try {
      const position = await currentPosition();
      onChange(
        { latitude: coordinateText(position.latitude), longitude: coordinateText(position.longitude) },
        [`${location}.latitude`, `${location}.longitude`],
      );
    } catch (error) {
      setLocationError(errorMessage(error));
    } finally {
      setLocating(false);
    }
  };

  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border p-4" data-rule-key={rule.key}>
      <legend className="px-1 text-sm font-semibold">{t('dynamic.rule.legend', { number })}</legend>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="ghost"
          size="icon"
          data-action="up"
          disabled={index === 0}
          aria-label={t('dynamic.rule.moveUp', { number })}
          onClick={() => onMove(-1)}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          data-action="down"
          disabled={index === count - 1}
          aria-label={t('dynamic.rule.moveDown', { number })}
          onClick={() => onMove(1)}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          data-action="remove"
          onClick={onRemove}
          aria-label={t('dynamic.rule.removeLabel', { number })}
        >
          <Trash2 aria-hidden="true" />
          {t('dynamic.rule.remove')}
        </Button>
      </div>

      <CheckboxField
        label={t('dynamic.rule.timeOn')}
        checked={rule.timeOn}
        onChange={(event) =>
          onChange({ timeOn: event.target.checked }, [`${time}.startHour`, `${time}.endHour`])
        }
      />
      {rule.timeOn ? (
        <div className="flex flex-col gap-2">
          <div className="grid grid-cols-2 gap-3">
            <Select
              label={t('dynamic.rule.startHour')}
              value={rule.startHour}
              onChange={(event) => onChange({ startHour: Number(event.target.value) }, [`${time}.startHour`])}
              aria-invalid={message(`${time}.startHour`) ? true : undefined}
            >
              {HOURS.map((hour) => (
                <option key={hour} value={hour}>
                  {hourLabel(hour)}
                </option>
              ))}
            </Select>
            <Select
              label={t('dynamic.rule.endHour')}
              value={rule.endHour}
              onChange={(event) => onChange({ endHour: Number(event.target.value) }, [`${time}.endHour`])}
              aria-invalid={message(`${time}.endHour`) ? true : undefined}
            >
              {HOURS.map((hour) => (
                <option key={hour} value={hour}>
                  {hourLabel(hour)}
                </option>
              ))}
            </Select>
          </div>
          <p className="text-sm text-muted-foreground">{t('dynamic.rule.timeHint')}</p>
          {[message(`${time}.startHour`), message(`${time}.endHour`)].filter(Boolean).map((text) => (
            <p key={text} role="alert" className="text-sm font-medium text-destructive">
              {text}
            </p>
          ))}
        </div>
      ) : null}

      <CheckboxField
        label={t('dynamic.rule.locationOn')}
        checked={rule.locationOn}
        onChange={(event) =>
          onChange({ locationOn: event.target.checked }, [
            `${location}.latitude`,
            `${location}.longitude`,
            `${location}.maxKm`,
          ])
        }
      />
      {rule.locationOn ? (
        <div className="flex flex-col gap-3">
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField
              label={t('dynamic.rule.latitude')}
              inputMode="decimal"
              autoComplete="off"
              value={rule.latitude}
              onChange={(event) => onChange({ latitude: event.target.value }, [`${location}.latitude`])}
              error={message(`${location}.latitude`)}
            />
            <TextField
              label={t('dynamic.rule.longitude')}
              inputMode="decimal"
              autoComplete="off"
              value={rule.longitude}
              onChange={(event) => onChange({ longitude: event.target.value }, [`${location}.longitude`])}
              error={message(`${location}.longitude`)}
            />
            <TextField
              label={t('dynamic.rule.maxKm')}
              inputMode="decimal"
              autoComplete="off"
              value={rule.maxKm}
              onChange={(event) => onChange({ maxKm: event.target.value }, [`${location}.maxKm`])}
              error={message(`${location}.maxKm`)}
            />
          </div>
          <div className="flex flex-col items-start gap-2">
            <Button
              variant="outline"
              disabled={locating}
              aria-busy={locating || undefined}
              onClick={() => void fillMyPosition()}
            >
              <LocateFixed aria-hidden="true" />
              {locating ? t('dynamic.locating') : t('dynamic.useMyPosition')}
            </Button>
            <p aria-live="polite" className="text-sm font-medium text-destructive empty:hidden">
              {locationError ?? ''}
            </p>
            <p className="text-sm text-muted-foreground">{t('dynamic.rule.locationHint')}</p>
          </div>
        </div>
      ) : null}

      <Select
        label={t('dynamic.rule.userLevel')}
        value={rule.userLevel}
        onChange={(event) => {
          const level = QR_USER_LEVELS.find((candidate) => candidate === event.target.value) ?? '';
          onChange({ userLevel: level }, [path('conditions.userLevel')]);
        }}
      >
        <option value="">{t('dynamic.levels.any')}</option>
        {QR_USER_LEVELS.map((level) => (
          <option key={level} value={level}>
            {t(`dynamic.levels.${level}`)}
          </option>
        ))}
      </Select>

      <div className="flex flex-col gap-3 border-t pt-4">
        <p className="text-sm font-medium">{t('dynamic.rule.targetTitle')}</p>
        <TextField
          label={t('dynamic.redirectUrl')}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          maxLength={QR_URL_MAX_LENGTH}
          value={rule.redirectUrl}
          onChange={(event) =>
            onChange({ redirectUrl: event.target.value }, [
              path('target.redirectUrl'),
              path('target.message'),
            ])
          }
          error={message(path('target.redirectUrl'))}
        />
        <TextAreaField
          label={t('dynamic.message')}
          maxLength={TEXT_LIMITS.note}
          value={rule.message}
          onChange={(event) =>
            onChange({ message: event.target.value }, [path('target.message'), path('target.redirectUrl')])
          }
          error={message(path('target.message'))}
        />
      </div>
    </fieldset>
  );
}
