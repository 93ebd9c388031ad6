import { DEFAULT_VISIBILITY, VISIBILITIES, type Visibility } from '@ztart/shared/contracts/posts';
import { Globe, Lock } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

/** Who may see a new photo or post: two radio buttons, "only me" first (the default). */
export function VisibilityField({
  value,
  onChange,
  disabled,
}: {
  value: Visibility;
  onChange: (value: Visibility) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('profile');
  const name = useId();
  // Private first: it is the default, and the safer choice sits where the eye lands.
  const options = [DEFAULT_VISIBILITY, ...VISIBILITIES.filter((option) => option !== DEFAULT_VISIBILITY)];
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium">{t('visibility.label')}</legend>
      {options.map((option) => (
        <label
          key={option}
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 text-sm has-[:checked]:border-brand"
        >
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            className="size-4 accent-brand"
          />
          {option === 'public' ? (
            <Globe aria-hidden="true" className="size-4 text-muted-foreground" />
          ) : (
            <Lock aria-hidden="true" className="size-4 text-muted-foreground" />
          )}
          {t(`visibility.${option}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** A small label saying whether a photo or post is public. */
export function VisibilityBadge({ visibility }: { visibility: Visibility }) {
  const { t } = useTranslation('profile');
  return visibility === 'public' ? (
    <Badge variant="brand">
      <Globe aria-hidden="true" className="size-3" />
      {t('visibility.publicBadge')}
    </Badge>
  ) : (
    <Badge>
      <Lock aria-hidden="true" className="size-3" />
      {t('visibility.privateBadge')}
    </Badge>
  );
}
