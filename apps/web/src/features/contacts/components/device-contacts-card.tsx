import { VCARD_IMPORT_MAX_BYTES } from '@ztart/shared/contracts/contacts';
import { Download, FileUp, Smartphone } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { CONTACTS_EXPORT_URL, useImportContacts } from '@/features/contacts/api/contacts';
import { hasContactPicker, pickDeviceContacts } from '@/features/contacts/device-contacts';
import { useFailureMessage } from '@/hooks/use-error-message';

/** Contacts from the phone (Contact Picker) or a .vcf file in, every contact out as a .vcf file. */
export function DeviceContactsCard() {
  const { t } = useTranslation('contacts');
  const failureMessage = useFailureMessage();
  const importContacts = useImportContacts();
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const picker = hasContactPicker();

  const send = (file: Blob) => {
    setProblem(null);
    importContacts.mutate(file);
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > VCARD_IMPORT_MAX_BYTES) {
      setProblem(t('device.tooLarge'));
      return;
    }
    send(file);
  };

  const onPick = async () => {
    setProblem(null);
    try {
      const text = await pickDeviceContacts();
      if (text) send(new Blob([text], { type: 'text/vcard' }));
    } catch {
      setProblem(t('device.pickerFailed'));
    }
  };

  const result = importContacts.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('device.title')}</CardTitle>
        <CardDescription>{t('device.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {picker ? (
            <Button variant="outline" disabled={importContacts.isPending} onClick={() => void onPick()}>
              <Smartphone aria-hidden="true" />
              {t('device.pick')}
            </Button>
          ) : null}
          <input
            ref={fileInput}
            type="file"
            accept=".vcf,text/vcard,text/x-vcard"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="vcf-input"
            onChange={onFile}
          />
          <Button
            variant="outline"
            disabled={importContacts.isPending}
            onClick={() => fileInput.current?.click()}
          >
            <FileUp aria-hidden="true" />
            {t('device.importFile')}
          </Button>
          <a
            href={CONTACTS_EXPORT_URL}
            download="ztart-contacts.vcf"
            className={buttonVariants({ variant: 'outline' })}
          >
            <Download aria-hidden="true" />
            {t('device.export')}
          </a>
        </div>
        <div aria-live="polite">
          {result ? (
            <FormAlert variant="success">
              {t('device.result', {
                imported: result.imported,
                merged: result.merged,
                skipped: result.skipped,
              })}
            </FormAlert>
          ) : null}
          {importContacts.isError ? (
            <FormAlert>{failureMessage(importContacts.error, 'contact_add_failed')}</FormAlert>
          ) : null}
          {problem ? <FormAlert>{problem}</FormAlert> : null}
        </div>
      </CardContent>
    </Card>
  );
}
