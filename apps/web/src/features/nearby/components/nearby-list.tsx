import type { NearbyPerson } from '@ztart/shared/contracts/nearby';
import { NEARBY } from '@ztart/shared/limits';
import { HandCoins, MapPin, UserPlus, Users } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListRowSkeleton } from '@/components/list-row-skeleton';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { useNearbyPeople } from '@/features/nearby/api/nearby-api';
import { errorCodeOf, useFailureMessage } from '@/hooks/use-error-message';

/** The signed-in quick tip with this person chosen. */
export function tipPathOf(ztartag: string): string {
  return `/quick-tip/send?to=${encodeURIComponent(ztartag)}`;
}

/** The contacts screen's add dialog with this person's ztartag filled in. */
export function addContactPathOf(ztartag: string): string {
  return `/contacts?add=${encodeURIComponent(ztartag)}`;
}

export interface NearbyListProps {
  /** Visible with a fresh position on the server: only then is anyone listed. */
  located: boolean;
  /** Visibility is still being read. */
  loading: boolean;
  visible: boolean;
  radiusKm: number;
  onRadiusChange: (radiusKm: number) => void;
  /** The server no longer has the person's position. */
  onPositionForgotten: () => void;
  /** Offers to share the position again when the server has none. */
  onShareLocation: () => void;
  needsLocation: boolean;
}

/** The people around: radius, then nearest first with a rounded distance, a tip and an add. */
export function NearbyList(props: NearbyListProps) {
  const { t } = useTranslation('nearby');
  const failureMessage = useFailureMessage();
  const people = useNearbyPeople(props.radiusKm, props.located);
  const forgotten = people.isError && errorCodeOf(people.error) === 'nearby_location_required';
  const { onPositionForgotten } = props;
  useEffect(() => {
    if (forgotten) onPositionForgotten();
  }, [forgotten, onPositionForgotten]);

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-end sm:justify-between">
        <CardTitle>{t('list.title')}</CardTitle>
        <Select
          label={t('list.radius')}
          className="sm:w-40"
          value={props.radiusKm}
          onChange={(event) => props.onRadiusChange(Number(event.target.value))}
        >
          {NEARBY.radiusChoicesKm.map((km) => (
            <option key={km} value={km}>
              {t('list.radiusOption', { distance: km })}
            </option>
          ))}
        </Select>
      </CardHeader>
      <CardContent>
        {props.loading ? (
          <ListSkeleton label={t('list.loading')} />
        ) : !props.visible ? (
          <EmptyState icon={MapPin} title={t('list.hiddenTitle')} body={t('list.hidden')} />
        ) : props.needsLocation ? (
          <EmptyState icon={MapPin} title={t('list.locationTitle')} body={t('list.location')}>
            <Button variant="brand" onClick={props.onShareLocation}>
              {t('list.shareLocation')}
            </Button>
          </EmptyState>
        ) : !props.located || people.isPending ? (
          <ListSkeleton label={t('list.loading')} />
        ) : people.isError ? (
          <FormAlert>
            <p>{failureMessage(people.error, 'nearby_search_failed')}</p>
            <Button variant="outline" className="self-start" onClick={() => void people.refetch()}>
              {t('retry')}
            </Button>
          </FormAlert>
        ) : people.data.length === 0 ? (
          <EmptyState
            icon={Users}
            title={t('list.emptyTitle')}
            body={t('list.empty', { distance: props.radiusKm })}
          />
        ) : (
          <ul className="flex flex-col divide-y" aria-label={t('list.title')}>
            {people.data.map((person) => (
              <PersonRow key={person.ztartag} person={person} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PersonRow({ person }: { person: NearbyPerson }) {
  const { t } = useTranslation('nearby');
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
      <Avatar name={person.displayName} src={person.avatarUrl} />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium">{person.displayName}</span>
        <span className="truncate text-sm text-muted-foreground">@{person.ztartag}</span>
        <span className="flex items-center gap-1 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
          {t('list.distance', { distance: person.distanceKm })}
        </span>
      </div>
      <div className="flex gap-2">
        <Link
          to={tipPathOf(person.ztartag)}
          className={buttonVariants({ variant: 'brand' })}
          aria-label={t('list.tipLabel', { name: person.displayName })}
        >
          <HandCoins aria-hidden="true" />
          {t('list.tip')}
        </Link>
        <Link
          to={addContactPathOf(person.ztartag)}
          className={buttonVariants({ variant: 'outline' })}
          aria-label={t('list.addLabel', { name: person.displayName })}
        >
          <UserPlus aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t('list.add')}</span>
        </Link>
      </div>
    </li>
  );
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-4" role="status" aria-label={label}>
      <ListRowSkeleton />
      <ListRowSkeleton />
      <ListRowSkeleton />
    </div>
  );
}

function EmptyState({
  icon: Icon,
  title,
  body,
  children,
}: {
  icon: typeof MapPin;
  title: string;
  body: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand-soft-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="font-medium">{title}</p>
      <p className="max-w-prose text-sm text-muted-foreground">{body}</p>
      {children}
    </div>
  );
}
