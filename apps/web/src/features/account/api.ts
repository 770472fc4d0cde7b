// The account calls of the customer area (spec §7): e-mail and password changes.
import {
  type EmailChangeInput,
  emailChangeSchema,
  type PasswordChangeInput,
  passwordChangeSchema,
} from '@lombard/shared/schemas/auth';
import { detailSchema } from '@lombard/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../lib/http/client';

export function useChangeEmail() {
  return useMutation({
    mutationFn: async (values: EmailChangeInput) => {
      const { data } = await http.patch('/api/account/email/change/', emailChangeSchema.parse(values), {
        silent: [400],
      });
      return detailSchema.parse(data);
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (values: PasswordChangeInput) => {
      const { data } = await http.post('/api/rest-auth/password/change/', passwordChangeSchema.parse(values), {
        silent: [400],
      });
      return detailSchema.parse(data);
    },
  });
}
