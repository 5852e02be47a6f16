import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError, notifySuccess, patchJson } from '@baridesk/api-client';
import { shopItemResource, type ShopMakeDefaultResponse, type ShopSurgeryType } from '@baridesk/contracts';
import { refreshResource } from '@baridesk/ui/resources';

/** PATCH make-default/{id}/{surgery_type}: the item becomes its type's default; the list is read again, so the badge moves. */
export function useMakeDefault(type: ShopSurgeryType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => patchJson<ShopMakeDefaultResponse>(`admin/manage-shop/make-default/${id}/${type}`, {}),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: (error) => notifyError(error),
    onSettled: () => refreshResource(queryClient, shopItemResource),
  });
}
