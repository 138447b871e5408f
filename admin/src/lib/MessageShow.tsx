import { Box, Button, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useRef, useState, type ReactElement, type ReactNode } from 'react';
import { type Identifier, Labeled, SimpleShowLayout, useNotify, useRefresh, useTranslate } from 'react-admin';
import { DateTimeField } from './fields';
import { ShowLink } from './ShowParts';
import { useNotifyingAction } from './useNotifyingAction';

/** Markdown the server rendered and sanitised (the same HTML the student sees). */
export function RenderedHtml({ html }: { html: string }) {
  return <Box sx={{ '& p': { mt: 0 }, overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The reply box's image field: one chart, its accepted types and the words under the label. */
interface ReplyImage {
  id: string;
  label: string;
  accept: string;
}

/**
 * The mentor's reply: Markdown text (and, when asked for, one image) and the send button. `send`
 * returns the success notification; a failure is the server's message (or `failed`). The text is kept
 * after sending when `keepText` (an answer that stays editable), else emptied with the image.
 */
export function ReplyBox({
  initial = '',
  maxLength,
  submitLabel,
  failed,
  image,
  keepText = false,
  send,
}: {
  initial?: string;
  maxLength: number;
  submitLabel: string;
  failed: string;
  image?: ReplyImage;
  keepText?: boolean;
  send: (body: string, image: File | null) => Promise<string>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { busy, run } = useNotifyingAction(failed);
  const [body, setBody] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  // The file field shows what will be sent: emptied with the state once the answer has gone.
  const fileInput = useRef<HTMLInputElement>(null);
  const submit = () =>
    run(async () => {
      const done = await send(body, file);
      notify(done, { type: 'success' });
      if (!keepText) {
        setBody('');
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
      }
      refresh();
    });
  return (
    <Stack spacing={1} sx={{ maxWidth: 720 }}>
      <MuiTextField
        label={translate('panel.lib.svarMarkdown')}
        multiline
        minRows={4}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        slotProps={{ htmlInput: { maxLength } }}
      />
      {image && (
        <Box>
          <Typography component="label" variant="body2" htmlFor={image.id}>
            {image.label}
          </Typography>
          <input
            id={image.id}
            ref={fileInput}
            type="file"
            accept={image.accept}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            style={{ display: 'block', marginTop: 4, maxWidth: '100%' }}
          />
        </Box>
      )}
      <Box>
        <Button variant="contained" onClick={() => void submit()} disabled={busy || !body.trim()}>
          {submitLabel}
        </Button>
      </Box>
    </Stack>
  );
}

/** A row of buttons under the conversation (close, pin, hide, delete). */
export function MessageActions({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {children}
    </Stack>
  );
}

/**
 * The panel's page of a student's message and its answer (a mentor thread, a lesson question): its
 * status and what it is about, the student, when it came, the conversation, the reply box under its
 * heading, and the buttons. Each piece is a row of the show layout.
 */
export function MessageLayout({
  status,
  about,
  student,
  conversation,
  replyTitle,
  reply,
  actions,
  footer,
}: {
  status: ReactElement;
  about?: ReactElement;
  student: { userId: Identifier | null; email: string | null; name: string };
  conversation: ReactElement[];
  /** No reply box (a closed thread): null. */
  replyTitle: string | null;
  reply: ReactElement | null;
  actions: ReactElement;
  footer?: ReactElement;
}) {
  return (
    <SimpleShowLayout>
      <Labeled label="panel.common.status">{status}</Labeled>
      {about}
      <Labeled label="panel.common.elev">
        {student.userId === null ? (
          <span>{student.name}</span>
        ) : (
          <ShowLink resource="users" id={student.userId}>
            {student.email ?? student.name}
          </ShowLink>
        )}
      </Labeled>
      <DateTimeField source="createdAt" />
      {conversation}
      {replyTitle !== null && (
        <Typography variant="subtitle2" component="h2">
          {replyTitle}
        </Typography>
      )}
      {reply}
      {actions}
      {footer}
    </SimpleShowLayout>
  );
}
