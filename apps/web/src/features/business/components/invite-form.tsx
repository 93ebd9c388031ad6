import { type Business, createInvitationRequestSchema } from '@ztart/shared/contracts/businesses';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast/toast-store';
import { useBusinessRoles, useInvite } from '@/features/business/api/team';
import { BusinessProblem } from '@/features/business/components/business-problem';
import { fieldErrorsFromApiError, validate } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';
import { useFormErrors } from '@/lib/forms/use-form-errors';

type InviteBy = 'ztartag' | 'email';

/** Inviting someone by ztartag or by email, with their role (custom roles on an enterprise business). */
export function InviteForm({ business }: { business: Business }) {
  const { t } = useTranslation('business');
  const fieldMessage = useFieldMessage();
  const invite = useInvite(business.id);
  const canUseRoles = business.myPermissions.includes('manageRoles');
  const roles = useBusinessRoles(business.id, canUseRoles);
  const byName = useId();
  const [by, setBy] = useState<InviteBy>('ztartag');
  const [who, setWho] = useState('');
  const [roleId, setRoleId] = useState('');
  const { formRef, errors, showErrors, clearError } = useFormErrors<'who'>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = who.trim().replace(by === 'ztartag' ? /^@/ : /^$/, '');
    const parsed = validate(createInvitationRequestSchema, {
      [by]: by === 'ztartag' ? value.toLowerCase() : value,
      ...(roleId ? { customRoleId: roleId } : {}),
    });
    if (!parsed.success) {
      showErrors({ who: parsed.errors[by] ?? parsed.errors[''] ?? 'validation:invalid_value' });
      return;
    }
    invite.mutate(parsed.data, {
      onSuccess: (invitation) => {
        toast({ title: t('invite.sent', { who: invitation.invitee }), variant: 'success' });
        setWho('');
      },
      onError: (error) => {
        const fields = fieldErrorsFromApiError(error, {
          recipient_user_not_found: 'who',
          recipient_is_self: 'who',
        });
        const first = fields ? Object.values(fields)[0] : undefined;
        if (first) showErrors({ who: first });
      },
    });
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4 rounded-xl border bg-card p-4"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('invite.by')}</legend>
        <div className="flex flex-wrap gap-2">
          {(['ztartag', 'email'] as const).map((option) => (
            <label
              key={option}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft/40"
            >
              <input
                type="radio"
                name={byName}
                value={option}
                checked={by === option}
                onChange={() => {
                  setBy(option);
                  clearError('who');
                }}
                className="size-4 accent-[var(--color-brand)]"
              />
              {t(`invite.by_${option}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={by === 'ztartag' ? t('invite.ztartag') : t('invite.email')}
        type={by === 'email' ? 'email' : 'text'}
        autoComplete="off"
        autoCapitalize="none"
        value={who}
        error={fieldMessage(errors.who)}
        onChange={(event) => {
          setWho(event.target.value);
          clearError('who');
        }}
      />
      <Select label={t('invite.role')} value={roleId} onChange={(event) => setRoleId(event.target.value)}>
        <option value="">{t('roles.member')}</option>
        {(roles.data ?? []).map((role) => (
          <option key={role.id} value={role.id}>
            {role.name}
          </option>
        ))}
      </Select>
      {invite.isError &&
      !fieldErrorsFromApiError(invite.error, {
        recipient_user_not_found: 'who',
        recipient_is_self: 'who',
      }) ? (
        <BusinessProblem error={invite.error} />
      ) : null}
      <Button type="submit" size="lg" disabled={invite.isPending}>
        {invite.isPending ? t('invite.sending') : t('invite.submit')}
      </Button>
    </form>
  );
}
