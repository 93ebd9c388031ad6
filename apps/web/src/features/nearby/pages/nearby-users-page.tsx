import { NEARBY } from '@ztart/shared/limits';
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { NearbyList } from '@/features/nearby/components/nearby-list';
import { VisibilityCard } from '@/features/nearby/components/visibility-card';
import { type LocationState, useNearbyPresence } from '@/features/nearby/use-nearby-presence';

/** Visible, but the server has no fresh position and none is on its way. */
const NEEDS_LOCATION: ReadonlySet<LocationState> = new Set(['needed', 'denied', 'unavailable']);

/**
 * `/nearby-users`: the person's visibility to people nearby (off by default; the location is
 * asked for only when they turn it on) and the visible people around them, to tip or add.
 */
export function NearbyUsersPage() {
  const { t } = useTranslation(['screens', 'nearby']);
  const presence = useNearbyPresence();
  const [radiusKm, setRadiusKm] = useState<number>(NEARBY.radiusKm.default);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={MapPin}
        title={t('screens:nearbyUsers.title')}
        description={t('screens:nearbyUsers.description')}
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <VisibilityCard presence={presence} />
        <NearbyList
          visible={presence.visible}
          located={presence.located}
          loading={presence.visibility.isPending}
          needsLocation={presence.visible && NEEDS_LOCATION.has(presence.location)}
          radiusKm={radiusKm}
          onRadiusChange={setRadiusKm}
          onPositionForgotten={presence.positionForgotten}
          onShareLocation={presence.share}
        />
      </div>
    </div>
  );
}
