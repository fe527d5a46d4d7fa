// An approver's decision on a buyer's order over its spending limit (POST /api/orders/{id}/approval): sent now, or
// without a connection saved on the device and sent once when it is back, as orders are (decideOrQueue). The
// decision's id is made once per decision, so the same decision sent again is taken once
// (docs/decisions/055-buyer-approvals-and-spending-limits.md).

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../api/query-keys';
import type { Order } from '../../contract/order';
import type { ApprovalDecisionBody } from '../../contract/spending-limits';
import { approvalOf, decideOrQueue, watchOutbox, type ApprovalToSend, type DecisionOutcome, type QueuedLine } from '../../offline/outbox';

/** The order's lines as the device names a saved decision: its first tool and how many more. */
const linesOf = (order: Order): QueuedLine[] =>
  (order.lines ?? []).map((line) => ({
    productId: line.productId ?? '',
    productName: line.productName,
    imageUrl: line.imageUrl ?? '',
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    ...(line.unitPriceMinor !== undefined ? { unitPriceMinor: line.unitPriceMinor } : {}),
  }));

export function useDecideApproval(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, body }: { order: Order; body: ApprovalDecisionBody }): Promise<DecisionOutcome> =>
      decideOrQueue({
        ownerEmail: email,
        decisionId: body.decisionId,
        approval: { orderId: order._id, orderNumber: order.number ?? null, decision: body.decision, reason: body.reason ?? null },
        lines: linesOf(order),
      }),
    // Whoever decided it, the order is no longer waiting here, and every list of orders shows where it now stands.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
  });
}

/** The decisions this device holds for the user, waiting to be sent, by order id. */
export function useSavedDecisions(email: string): ReadonlyMap<string, ApprovalToSend> {
  const [saved, setSaved] = useState<ReadonlyMap<string, ApprovalToSend>>(new Map());
  useEffect(() => {
    if (!email) return undefined;
    return watchOutbox(
      email,
      (items) => {
        const decisions = new Map<string, ApprovalToSend>();
        for (const item of items) {
          const approval = approvalOf(item);
          if (approval) decisions.set(approval.orderId, approval);
        }
        setSaved(decisions);
      },
      () => setSaved(new Map()),
    );
  }, [email]);
  return saved;
}
