import { Scale, UserPlus, Users } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Tabs } from '@/components/ui/tabs';
import { type ContactFilters, useContactGroups, useContacts } from '@/features/contacts/api/contacts';
import { AddContactDialog } from '@/features/contacts/components/add-contact-dialog';
import { ContactDetail } from '@/features/contacts/components/contact-detail';
import { ContactList, EmptyContacts } from '@/features/contacts/components/contact-list';
import { ContactQrPanel } from '@/features/contacts/components/contact-qr-panel';
import { DeviceContactsCard } from '@/features/contacts/components/device-contacts-card';
import { GroupsPanel } from '@/features/contacts/components/groups-panel';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useAuth } from '@/lib/auth/auth-context';

export const CONTACT_TABS = ['all', 'favourites', 'groups', 'blocked', 'qr'] as const;
export type ContactTab = (typeof CONTACT_TABS)[number];

function parseTab(value: string | null): ContactTab {
  return (CONTACT_TABS as readonly string[]).includes(value ?? '') ? (value as ContactTab) : 'all';
}

/**
 * `/contacts`: the person's contacts (search, favourites, groups, blocked), their contact QR, and
 * the device's contacts. `?tab=` picks the tab, `?group=` a group, `?contact=<id>` opens one,
 * `?add=<ztartag>` opens the add dialog looking that person up.
 */
export function ContactsPage() {
  const { t } = useTranslation(['screens', 'contacts']);
  const auth = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseTab(searchParams.get('tab'));
  const groupId = searchParams.get('group') ?? '';
  const openId = searchParams.get('contact');
  const addQuery = searchParams.get('add');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const groups = useContactGroups();
  const groupList = groups.data ?? [];

  // Changes start from the newest URL: a dialog closing calls back after the add has opened a contact.
  const latestParams = useRef(searchParams);
  latestParams.current = searchParams;
  const update = (change: (params: URLSearchParams) => void, replace = true) => {
    const params = new URLSearchParams(latestParams.current);
    change(params);
    if (params.toString() === latestParams.current.toString()) return;
    latestParams.current = params;
    setSearchParams(params, { replace });
  };

  const filters: ContactFilters =
    tab === 'favourites'
      ? { favourite: true }
      : tab === 'blocked'
        ? { blocked: true }
        : { ...(q ? { q } : {}), ...(groupId ? { groupId } : {}) };
  const listed = tab === 'all' || tab === 'favourites' || tab === 'blocked';
  const contacts = useContacts(filters);

  const openAdd = (query: string) => update((params) => params.set('add', query), false);
  const closeAdd = () => update((params) => params.delete('add'));
  const [manualAdd, setManualAdd] = useState(false);

  const list = (
    <ContactList
      contacts={contacts.data?.items}
      groups={groupList}
      loading={contacts.isPending}
      error={contacts.error}
      onRetry={() => void contacts.refetch()}
      onOpen={(id) => update((params) => params.set('contact', id), false)}
      label={t(`contacts:tabs.${tab}`)}
      empty={
        tab === 'favourites' ? (
          <EmptyContacts
            title={t('contacts:empty.favouritesTitle')}
            body={t('contacts:empty.favouritesBody')}
          />
        ) : tab === 'blocked' ? (
          <EmptyContacts title={t('contacts:empty.blockedTitle')} body={t('contacts:empty.blockedBody')} />
        ) : q || groupId ? (
          <EmptyContacts title={t('contacts:empty.noMatchTitle')} body={t('contacts:empty.noMatchBody')} />
        ) : (
          <EmptyContacts
            title={t('contacts:empty.title')}
            body={t('contacts:empty.body')}
            action={
              <Button onClick={() => setManualAdd(true)}>
                <UserPlus aria-hidden="true" />
                {t('contacts:actions.addContact')}
              </Button>
            }
          />
        )
      }
    />
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={Users}
        title={t('screens:contacts.title')}
        description={t('screens:contacts.description')}
      >
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setManualAdd(true)}>
            <UserPlus aria-hidden="true" />
            {t('contacts:actions.addContact')}
          </Button>
          <Link to="/contacts/debts" className={buttonVariants({ variant: 'outline' })}>
            <Scale aria-hidden="true" />
            {t('contacts:actions.debts')}
          </Link>
        </div>
      </PageHeader>
      <Tabs
        label={t('contacts:tabs.label')}
        tabs={CONTACT_TABS.map((value) => ({ value, label: t(`contacts:tabs.${value}`) }))}
        value={tab}
        onValueChange={(next) =>
          update((params) => {
            params.set('tab', next);
            if (next !== 'all') params.delete('group');
          })
        }
      >
        {tab === 'all' ? (
          <div className="flex flex-col gap-4">
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <TextField
                label={t('contacts:list.search')}
                type="search"
                autoComplete="off"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
              <Select
                label={t('contacts:list.group')}
                value={groupId}
                onChange={(event) =>
                  update((params) => {
                    if (event.target.value) params.set('group', event.target.value);
                    else params.delete('group');
                  })
                }
              >
                <option value="">{t('contacts:list.allGroups')}</option>
                {groupList.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.name}
                  </option>
                ))}
              </Select>
            </div>
            {list}
            <DeviceContactsCard />
          </div>
        ) : listed ? (
          list
        ) : tab === 'groups' ? (
          <GroupsPanel
            groups={groups.data}
            loading={groups.isPending}
            error={groups.error}
            onOpenGroup={(id) =>
              update((params) => {
                params.set('tab', 'all');
                params.set('group', id);
              })
            }
          />
        ) : (
          <ContactQrPanel
            ztartag={auth.status === 'signedIn' ? (auth.profile?.ztartag ?? null) : null}
            onScanned={(tag) => openAdd(tag)}
          />
        )}
      </Tabs>

      <AddContactDialog
        open={addQuery !== null || manualAdd}
        onOpenChange={(open) => {
          if (open) return;
          setManualAdd(false);
          closeAdd();
        }}
        groups={groupList}
        initialQuery={addQuery ?? ''}
        onAdded={(id) =>
          update((params) => {
            params.delete('add');
            params.set('contact', id);
          })
        }
      />
      <ContactDetail
        id={openId}
        groups={groupList}
        onClose={() => update((params) => params.delete('contact'))}
      />
    </div>
  );
}
