import { calls, type BodyOf } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type RequestPhotoInput = BodyOf<typeof calls.forms.requestPhoto>;

export function requestPhoto(body: RequestPhotoInput): Promise<void> {
  return callApi(calls.forms.requestPhoto, { body });
}

export function useRequestPhoto() {
  return useMutation({ mutationFn: requestPhoto });
}
