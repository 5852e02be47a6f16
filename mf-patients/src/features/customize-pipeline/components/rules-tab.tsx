import { useCallback, useState } from 'react';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { MAX_PIPELINE_RULES, type PipelineRuleRecord, type PipelineStage } from '@baridesk/contracts';
import { stageLabel } from '@baridesk/domain';
import { Badge, Button, Flex, HStack, Spinner, Stack, Text } from '@baridesk/ui';
import { ToggleSwitch } from '@baridesk/ui/controls';
import { LoadError, RowActions, useDeleteWithConfirm } from '@baridesk/ui/lists';
import { SortableList } from '@baridesk/ui/resources';
import { useDeletePipelineRule } from '../api/delete-pipeline-rule';
import { usePipelineRuleSettings } from '../api/get-pipeline-rule-settings';
import { usePipelineRules } from '../api/get-pipeline-rules';
import { useReorderPipelineRules } from '../api/reorder-pipeline-rules';
import { useTogglePipelineRule } from '../api/toggle-pipeline-rule';
import { RuleFormModal } from './rule-form-modal';

const nameOf = (rule: PipelineRuleRecord) => rule.description;

/**
 * The stage's automation rules in the order they are tried (the first that matches moves the patient):
 * add, change, switch on and off, re-order, delete.
 */
export function RulesTab({ stage }: { stage: PipelineStage }) {
  const rules = usePipelineRules(stage);
  const settings = usePipelineRuleSettings(stage);
  const toggle = useTogglePipelineRule(stage);
  const reorder = useReorderPipelineRules();
  const remove = useDeletePipelineRule();
  const [editing, setEditing] = useState<PipelineRuleRecord | 'new' | null>(null);
  const { mutate: saveOrder } = reorder;
  const onReorder = useCallback((ids: number[]) => saveOrder({ stage, ids }), [saveOrder, stage]);
  const { askDelete, dialog } = useDeleteWithConfirm<PipelineRuleRecord>({
    question: (rule) => ({
      title: 'Delete automation rule',
      message: `Delete the rule "${rule.description}"? The moves it made stay in the patients' history.`,
    }),
    remove: (rule) => remove.mutateAsync({ id: rule.id }),
    notifySuccess,
    notifyError,
  });

  if (!rules.data) {
    return rules.isError ? (
      <LoadError title="The automation rules could not be loaded." message={rules.error.message} onRetry={() => void rules.refetch()} />
    ) : (
      <Spinner aria-label="Loading the automation rules" />
    );
  }
  const list = rules.data.data;
  const choices = settings.data?.data;
  const noStatuses = choices !== undefined && choices.statuses.length === 0;
  const full = list.length >= MAX_PIPELINE_RULES;

  return (
    <Stack gap="4">
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Text color="fg.muted">{`The rules of ${stageLabel(stage)}, in the order they are tried: the first that matches moves the patient.`}</Text>
        <Button onClick={() => setEditing('new')} disabled={!choices || noStatuses || full} loading={settings.isPending}>
          Add rule
        </Button>
      </Flex>
      {settings.isError ? (
        <LoadError title="The rule form's choices could not be loaded." message={settings.error.message} onRetry={() => void settings.refetch()} />
      ) : null}
      {noStatuses ? <Text textStyle="sm" color="fg.muted">Add the stage's statuses first: a rule moves patients to one of them.</Text> : null}
      {full ? <Text textStyle="sm" color="fg.muted">{`A stage can have at most ${MAX_PIPELINE_RULES} automation rules.`}</Text> : null}
      {list.length === 0 ? (
        <Text color="fg.muted" py="6" textAlign="center" borderWidth="1px" borderRadius="md">
          This stage has no automation rules. Patients move only by hand.
        </Text>
      ) : (
        <SortableList items={list} nameOf={nameOf} label={`Automation rules of ${stageLabel(stage)}`} onReorder={onReorder}>
          {(rule) => (
            <Flex gap="3" align="center" wrap="wrap" justify="space-between">
              <Stack gap="1" flex="1" minW="48">
                <Text fontWeight="semibold" opacity={rule.status === 1 ? 1 : 0.6}>
                  {rule.description}
                </Text>
                <HStack gap="2">
                  <Badge colorPalette="gray">{rule.type_label}</Badge>
                  {rule.status === 1 ? null : <Badge colorPalette="orange">Off</Badge>}
                </HStack>
              </Stack>
              <HStack gap="3">
                <ToggleSwitch
                  label={`${rule.description} active`}
                  hideLabel
                  checked={rule.status === 1}
                  onChange={() => toggle.mutate({ id: rule.id })}
                />
                <RowActions name={rule.description} onEdit={() => setEditing(rule)} onDelete={() => void askDelete(rule)} />
              </HStack>
            </Flex>
          )}
        </SortableList>
      )}
      {editing && choices ? (
        <RuleFormModal stage={stage} settings={choices} rule={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
      {dialog}
    </Stack>
  );
}
