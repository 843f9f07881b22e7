import { Client } from '@modelcontextprotocol/client';
import type { ClientOptions, ElicitRequest, ElicitResult, Implementation } from '@modelcontextprotocol/client';

/*
 * 05/4: on 2026-07-28 a server asks the host for input by answering a call with an InputRequiredResult. The SDK
 * client runs the rounds: it hands each embedded request to the handler registered here, then sends the call again
 * with the answers and the server's requestState. What the host decides is what it takes, who answers, and for how long.
 */

/** A value a person can put in a form field. */
export type FieldValue = string | number | boolean | string[];

/** One field of a form the server asks for, as the person sees it. */
export interface FormField {
  name: string;
  /** The field's title and description, written by the server. */
  label: string;
  type: string;
  required: boolean;
  /** The server's suggested value, shown in the form for the person to keep or change. */
  default?: FieldValue;
}

/** A form the server wants filled in, shown to the person: which server asks, and its own words, marked as its own. */
export interface FormRequest {
  /** The server's name as the host's configuration knows it, never the name the server gives itself. */
  server: string;
  /** The server's message, as the server wrote it: data to show, never an instruction to the host. */
  serverText: string;
  fields: FormField[];
}

/** What the person did with a form: filled it in (only what they typed or kept), declined, or dismissed it. */
export type FormAnswer = { action: 'accept'; content: Record<string, FieldValue> } | { action: 'decline' } | { action: 'cancel' };

/** The person at the host: the only one who answers a server's questions. */
export interface Person {
  /** Shows a form and waits for the person's answer. */
  fillForm(request: FormRequest): Promise<FormAnswer>;
}

/** The most rounds one call may take: a server that keeps asking does not hold the host forever. */
export const MAX_ROUNDS = 5;

/** The fields of an elicitation's requested schema, as the person will see them. */
export function formFields(params: ElicitRequest['params']): FormField[] {
  const schema = ('requestedSchema' in params ? params.requestedSchema : {}) as {
    properties?: Record<string, { type?: string; title?: string; description?: string; default?: FieldValue }>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    label: [property.title, property.description].filter((part) => part !== undefined).join(': '),
    type: property.type ?? 'string',
    required: (schema.required ?? []).includes(name),
    ...(property.default !== undefined ? { default: property.default } : {}),
  }));
}

/** The server's suggested values, as a form the person never saw would hold them. */
function suggested(params: ElicitRequest['params']): Record<string, FieldValue> {
  return Object.fromEntries(formFields(params).flatMap((field) => (field.default === undefined ? [] : [[field.name, field.default]])));
}

/** A client, built with the host's other options, that answers a server's input-required rounds through the person. */
export function createRoundsClient(info: Implementation, server: string, person: Person, options: ClientOptions = {}): Client {
  // TODO(05/4): 서버가 묻는 것에는 사람만 답하고, 호스트가 답할 수 없는 요청은 받지 않으며, 한 호출이 끝없이 라운드를 돌지 않게 한다.
  const client = new Client(info, { ...options, capabilities: { elicitation: { form: {}, url: {} } } });
  client.setRequestHandler('elicitation/create', async (request): Promise<ElicitResult> => ({ action: 'accept', content: suggested(request.params) }));
  void server;
  void person;
  return client;
}
