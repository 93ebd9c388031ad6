import type { RecipientResponse } from '@ztart/shared/contracts/wallet';
import { QrCode } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPublicQrCode } from '@/components/qr-scan/api/get-public-qr-code';
import { classifyScan } from '@/components/qr-scan/classify-scan';
import { ScanPanel } from '@/components/qr-scan/scan-panel';
import { useRecipientLookup } from '@/components/recipient/api/get-recipient';
import { RecipientCard, RecipientField } from '@/components/recipient/recipient-field';
import { useTransactions } from '@/components/transactions';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { recentPeopleOf } from '@/features/tips/recent-people';
import { useErrorMessage } from '@/hooks/use-error-message';
import { useAuth } from '@/lib/auth/auth-context';

/** How many transactions the recent people are read from. */
const RECENT_TRANSACTIONS_READ = 50;

/**
 * Whom to tip: a ztartag looked up as it is typed, the people of the latest transactions, or a
 * scanned QR code (a tip link, or one of our short links resolved to its owner).
 */
export function RecipientPicker({ onChoose }: { onChoose: (ztartag: string) => void }) {
  const { t } = useTranslation('tips');
  const [query, setQuery] = useState('');
  const [scanning, setScanning] = useState(false);
  const [scanProblem, setScanProblem] = useState<unknown>(null);
  const errorMessage = useErrorMessage();
  const lookup = useRecipientLookup(query);
  const recipient = lookup.settled && lookup.isSuccess ? lookup.data : null;
  const lookupError = lookup.settled && lookup.isError ? lookup.error : null;

  const onScannedLink = (url: string) => {
    setScanning(false);
    void recipientOfLink(url).then(
      (tag) => (tag ? onChoose(tag) : setScanProblem('recipient_user_not_found')),
      (error: unknown) => setScanProblem(error),
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-3">
        <RecipientField
          value={query}
          onValueChange={(value) => setQuery(value)}
          lookup={{ searching: query.trim() !== '' && !lookup.settled, recipient: null, error: lookupError }}
        />
        {recipient ? <FoundRecipient recipient={recipient} onChoose={onChoose} /> : null}
      </section>
      <div className="flex flex-col gap-2">
        <Button variant="outline" className="self-start" onClick={() => setScanning(true)}>
          <QrCode aria-hidden="true" />
          {t('send.scan')}
        </Button>
        {scanProblem ? <FormAlert>{errorMessage(scanProblem)}</FormAlert> : null}
      </div>
      <RecentPeople onChoose={onChoose} />
      <Dialog
        open={scanning}
        onOpenChange={setScanning}
        title={t('send.scanTitle')}
        closeLabel={t('send.close')}
      >
        {scanning ? <ScanPanel openLink={onScannedLink} /> : null}
      </Dialog>
    </div>
  );
}

/** The person found for the typed text, and the button that chooses them (if they can be tipped). */
function FoundRecipient({
  recipient,
  onChoose,
}: {
  recipient: RecipientResponse;
  onChoose: (ztartag: string) => void;
}) {
  const { t } = useTranslation('tips');
  const { ztartag } = recipient;
  return (
    <div className="flex flex-col gap-3 rounded-xl border p-3 sm:flex-row sm:items-center sm:justify-between">
      <RecipientCard recipient={recipient} />
      {ztartag ? (
        <Button onClick={() => onChoose(ztartag)}>{t('send.choose', { name: `@${ztartag}` })}</Button>
      ) : (
        <p className="text-sm text-muted-foreground">{t('send.noTag')}</p>
      )}
    </div>
  );
}

function RecentPeople({ onChoose }: { onChoose: (ztartag: string) => void }) {
  const { t } = useTranslation('tips');
  const auth = useAuth();
  const ownTag = auth.status === 'signedIn' ? (auth.profile?.ztartag ?? null) : null;
  const history = useTransactions({}, { limit: RECENT_TRANSACTIONS_READ });
  const people = recentPeopleOf(history.transactions, ownTag);
  return (
    <section aria-labelledby="recent-people-title" className="flex flex-col gap-2">
      <h3 id="recent-people-title" className="text-sm font-semibold">
        {t('send.recent')}
      </h3>
      {history.isPending ? <Skeleton className="h-14 w-full" /> : null}
      {history.isSuccess && people.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('send.recentEmpty')}</p>
      ) : null}
      {people.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {people.map((person) => (
            <li key={person.ztartag}>
              <button
                type="button"
                onClick={() => onChoose(person.ztartag)}
                aria-label={t('send.choose', { name: `${person.displayName} (@${person.ztartag})` })}
                className="flex min-h-11 w-full items-center gap-3 rounded-lg px-2 py-1.5 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              >
                <Avatar name={person.displayName} src={null} className="size-9" />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate text-sm font-medium">{person.displayName}</span>
                  <span className="truncate text-sm text-muted-foreground">@{person.ztartag}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The ztartag a scanned link of ours tips: `?to=` of a tip link, or the owner of a short link. */
async function recipientOfLink(url: string): Promise<string | null> {
  const scan = classifyScan(url, [window.location.origin]);
  if (scan.kind === 'tip_link') return scan.value;
  if (scan.kind !== 'short_link') return null;
  return (await fetchPublicQrCode(scan.value, null)).receiver.ztartag;
}
