import { Button, HStack, Text } from '@baridesk/ui';
import { Menu, Portal } from '@baridesk/ui/overlays';
import { MAX_SELECTED_PATIENTS, PATIENT_BULK_MESSAGES } from '@baridesk/contracts';
import { STAGES, formatAmount, type StageId } from '@baridesk/domain';

type Choice = { id: number; name: string };

export type PatientBulkBarProps = {
  /** How many patients are selected (on any page). */
  count: number;
  /** The program's active tags, the choices of "Add tag". */
  tags: readonly Choice[];
  /** A bulk change or an export is under way: nothing else can start. */
  busy: boolean;
  onAddTag: (tag: Choice) => void;
  onChangeStage: (stage: StageId) => void;
  onExport: () => void;
  onClear: () => void;
};

/** A button opening a menu of choices; each item is a button the keyboard reaches with the arrow keys. */
function ChoiceMenu({ label, choices, disabled, onChoose }: { label: string; choices: readonly Choice[]; disabled: boolean; onChoose: (choice: Choice) => void }) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" colorPalette="gray" disabled={disabled || choices.length === 0}>
          {label}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content aria-label={label}>
            {choices.map((choice) => (
              // The item's own click: the root's onSelect was seen to fire only for a page's first choice.
              <Menu.Item key={choice.id} value={String(choice.id)} onClick={() => onChoose(choice)}>
                {choice.name}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

const STAGE_CHOICES: Choice[] = STAGES.map((stage) => ({ id: stage.id, name: stage.label }));

/** Shown while patients are selected: how many, Clear selection, and what can be done to all of them. */
export function PatientBulkBar({ count, tags, busy, onAddTag, onChangeStage, onExport, onClear }: PatientBulkBarProps) {
  const tooMany = count > MAX_SELECTED_PATIENTS;
  const blocked = busy || tooMany;
  return (
    <HStack role="region" aria-label="Selected patients" gap="3" p="3" borderWidth="1px" borderRadius="md" bg="bg.muted" wrap="wrap">
      <Text fontWeight="semibold">{`${formatAmount(count)} selected`}</Text>
      <Button size="sm" variant="ghost" colorPalette="gray" onClick={onClear}>
        Clear selection
      </Button>
      <HStack gap="2" wrap="wrap" ms="auto">
        <ChoiceMenu label="Add tag" choices={tags} disabled={blocked} onChoose={onAddTag} />
        <ChoiceMenu label="Change stage" choices={STAGE_CHOICES} disabled={blocked} onChoose={(choice) => onChangeStage(choice.id as StageId)} />
        <Button size="sm" variant="outline" colorPalette="gray" disabled={blocked} onClick={onExport}>
          Export selected
        </Button>
      </HStack>
      {tooMany ? (
        <Text role="alert" textStyle="sm" color="fg.error" width="full">
          {PATIENT_BULK_MESSAGES.tooMany}
        </Text>
      ) : null}
    </HStack>
  );
}
