import { QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ScanPanel } from '@/components/qr-scan/scan-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { MyCodesPanel } from '@/features/qr/components/my-codes-panel';
import { MyQrPanel } from '@/features/qr/components/my-qr-panel';
import { type SignedInAuth, useAuth } from '@/lib/auth/auth-context';

export const QR_TABS = ['my', 'codes', 'scan'] as const;
export type QrTab = (typeof QR_TABS)[number];

export function parseQrTab(value: string | null): QrTab {
  return (QR_TABS as readonly string[]).includes(value ?? '') ? (value as QrTab) : 'my';
}

/** `/qr-codes`: My QR, my codes and the scanner, the tab chosen by `?tab=`. */
export function QrCodesPage() {
  const { t } = useTranslation(['screens', 'qr']);
  const auth = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseQrTab(searchParams.get('tab'));

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={QrCode}
        title={t('screens:qrCodes.title')}
        description={t('screens:qrCodes.description')}
      />
      <Tabs
        label={t('qr:tabs.label')}
        tabs={QR_TABS.map((value) => ({ value, label: t(`qr:tabs.${value}`) }))}
        value={tab}
        onValueChange={(next) =>
          setSearchParams(
            (params) => {
              params.set('tab', next);
              return params;
            },
            { replace: true },
          )
        }
      >
        {/* The route asks for sign-in; the state is only missing for the instant before it redirects. */}
        {auth.status === 'signedIn' ? (
          <TabPanel tab={tab} auth={auth} />
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
      </Tabs>
    </div>
  );
}

function TabPanel({ tab, auth }: { tab: QrTab; auth: SignedInAuth }) {
  switch (tab) {
    case 'codes':
      return <MyCodesPanel auth={auth} />;
    // Leaving the tab unmounts the scanner, which stops the camera.
    case 'scan':
      return <ScanPanel />;
    default:
      return <MyQrPanel auth={auth} />;
  }
}
