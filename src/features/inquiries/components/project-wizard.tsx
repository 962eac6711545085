import {
  Box,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { IconArrowLeft, IconArrowRight, IconCheck, IconSend } from '@tabler/icons-react'
import { useRef, useState, type FormEvent } from 'react'
import {
  BUDGET_RANGES,
  budgetRangeLabels,
  checkProjectStep,
  PROJECT_FEATURES,
  PROJECT_TYPES,
  projectTypeLabels,
  REQUIREMENTS_FILE,
  WIZARD_STEPS,
  type ProjectInquiryValues,
} from '@/contract/project-inquiries'
import { inquiryMessages } from '@/contract/inquiries'
import { FilePicker, type FileRules } from '@/components/file-picker'
import { toast } from '@/components/toast'
import { useSubmitProjectInquiry } from '../api/submit-project-inquiry'
import { submissionFailureText } from '../failure-message'
import { useInquiryForm } from '../use-inquiry-form'
import classes from './project-wizard.module.css'

export const emptyProjectInquiry: ProjectInquiryValues = {
  project_name: '',
  project_type: '',
  budget_range: '',
  preferred_deadline: '',
  description: '',
  features: [],
  contact_name: '',
  contact_email: '',
  contact_phone: '',
  company: '',
}

const fileRules: FileRules = {
  extensions: [...REQUIREMENTS_FILE.extensions],
  maxBytes: REQUIREMENTS_FILE.maxBytes,
  tooLargeMessage: inquiryMessages.requirementsTooLarge,
  badTypeMessage: inquiryMessages.requirementsBadType,
}

type Step = 1 | 2 | 3

function StepIndicator({ step }: { step: Step }) {
  return (
    <Box component="ol" className={classes.steps} aria-label="Progress">
      {WIZARD_STEPS.map((label, index) => {
        const number = index + 1
        const state = number < step ? 'done' : number === step ? 'current' : 'next'
        return (
          <li
            key={label}
            className={classes.step}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={classes.bullet} aria-hidden>
              {state === 'done' ? <IconCheck size={16} /> : number}
            </span>
            <span className={classes.text}>
              <Text span size="xs" c="dimmed" className={classes.caption}>
                Step {number}
              </Text>
              <Text span fw={600} size="sm">
                {label}
              </Text>
            </span>
          </li>
        )
      })}
    </Box>
  )
}

/** The three-step project brief of /start-project: one step at a time, checked before moving on. */
export function ProjectWizard() {
  const [step, setStep] = useState<Step>(1)
  const [file, setFile] = useState<File | null>(null)
  const submit = useSubmitProjectInquiry()
  const busy = submit.isPending
  const form = useInquiryForm(emptyProjectInquiry, busy)
  const { values, set, text } = form
  const headingRef = useRef<HTMLHeadingElement>(null)

  function goTo(next: Step) {
    setStep(next)
    // Moves keyboard and screen-reader users to the new step's heading.
    requestAnimationFrame(() => headingRef.current?.focus())
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!form.accept(checkProjectStep(step, values))) return
    if (step < 3) {
      goTo(step === 1 ? 2 : 3)
      return
    }
    await form.send(
      () => submit.mutateAsync({ values, file }),
      inquiryMessages.projectSubmitted,
      (error) =>
        submissionFailureText(error, inquiryMessages.projectFailed, inquiryMessages.projectFailedRetry),
      () => {
        form.setValues(emptyProjectInquiry)
        setFile(null)
        goTo(1)
      },
    )
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} bg="dark.7">
      <StepIndicator step={step} />
      <form onSubmit={onSubmit} noValidate aria-label="Project brief">
        <Stack gap="md" mt="xl">
          <Title order={2} size="h3" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
            {WIZARD_STEPS[step - 1]}
          </Title>
          {step === 1 && (
            <>
              <TextInput
                label="Project name"
                required
                placeholder="e.g. Clinic booking platform"
                {...text('project_name')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NativeSelect
                  label="Project type"
                  withAsterisk
                  value={values.project_type}
                  onChange={(e) =>
                    set('project_type', PROJECT_TYPES.find((t) => t === e.currentTarget.value) ?? '')
                  }
                  data={[
                    { value: '', label: 'Select a project type' },
                    ...PROJECT_TYPES.map((t) => ({ value: t, label: projectTypeLabels[t] })),
                  ]}
                  disabled={busy}
                />
                <NativeSelect
                  label="Budget range"
                  value={values.budget_range}
                  onChange={(e) =>
                    set('budget_range', BUDGET_RANGES.find((b) => b === e.currentTarget.value) ?? '')
                  }
                  data={[
                    { value: '', label: 'Select a budget range' },
                    ...BUDGET_RANGES.map((b) => ({ value: b, label: budgetRangeLabels[b] })),
                  ]}
                  disabled={busy}
                />
              </SimpleGrid>
              <TextInput label="Preferred deadline" type="date" {...text('preferred_deadline')} />
            </>
          )}
          {step === 2 && (
            <>
              <Textarea
                label="Project description"
                required
                rows={6}
                resize="vertical"
                placeholder="What should the software do, for whom, and what does success look like?"
                {...text('description')}
              />
              <Checkbox.Group
                label="Features you need"
                value={values.features}
                onChange={(selected) =>
                  set(
                    'features',
                    PROJECT_FEATURES.filter((f) => selected.includes(f)),
                  )
                }
              >
                <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
                  {PROJECT_FEATURES.map((feature) => (
                    <Checkbox key={feature} value={feature} label={feature} disabled={busy} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
              <FilePicker
                label="Requirements file (optional)"
                hint=".pdf, .doc, .docx or .txt, up to 10 MB"
                rules={fileRules}
                value={file}
                onChange={setFile}
                onError={(message) => toast.error(message)}
                disabled={busy}
              />
            </>
          )}
          {step === 3 && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Your name" autoComplete="name" required {...text('contact_name')} />
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                required
                {...text('contact_email')}
              />
              <TextInput label="Phone" type="tel" autoComplete="tel" {...text('contact_phone')} />
              <TextInput label="Company" autoComplete="organization" {...text('company')} />
            </SimpleGrid>
          )}
          <Group justify="space-between" mt="md">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              disabled={step === 1 || busy}
              onClick={() => goTo(step === 3 ? 2 : 1)}
            >
              Previous
            </Button>
            {step < 3 ? (
              <Button type="submit" rightSection={<IconArrowRight size={16} aria-hidden />}>
                Next Step
              </Button>
            ) : (
              <Button type="submit" disabled={busy} leftSection={<IconSend size={16} aria-hidden />}>
                {busy ? 'Submitting...' : 'Submit Project'}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
