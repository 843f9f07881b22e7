import { Client } from '@modelcontextprotocol/client';
import type { ClientOptions, ElicitRequest, ElicitResult, Implementation } from '@modelcontextprotocol/client';

/*
 * 05/4: 2026-07-28에서 서버는 호출에 InputRequiredResult로 답해 호스트에게 입력을 묻는다. 라운드는 SDK 클라이언트가
 * 돌린다: 안에 든 요청마다 여기서 등록한 처리기를 부르고, 답과 서버의 requestState를 실어 같은 호출을 다시 보낸다.
 * 호스트가 정하는 것은 이 파일에 있다.
 */

/** 사람이 form의 필드에 넣을 수 있는 값. */
export type FieldValue = string | number | boolean | string[];

/** 서버가 묻는 form의 필드 하나. */
export interface FormField {
  name: string;
  /** 필드의 제목과 설명. 서버가 쓴 글이다. */
  label: string;
  type: string;
  required: boolean;
  /** 서버가 제안한 값. */
  default?: FieldValue;
}

/** 서버가 채워 달라는 form: 묻는 서버, 서버의 글, 필드. */
export interface FormRequest {
  /** 묻는 서버의 이름. */
  server: string;
  /** 서버의 메시지. 서버가 쓴 글이다. */
  serverText: string;
  fields: FormField[];
}

/** 사람이 form에 한 일: 채워서 보냈거나, 거절했거나, 닫았다. */
export type FormAnswer = { action: 'accept'; content: Record<string, FieldValue> } | { action: 'decline' } | { action: 'cancel' };

/** 호스트 앞의 사람. */
export interface Person {
  /** form을 보여 주고 사람의 답을 기다린다. */
  fillForm(request: FormRequest): Promise<FormAnswer>;
}

/** 한 호출이 돌 수 있는 라운드의 수. */
export const MAX_ROUNDS = 5;

/** 입력 요청의 requestedSchema에 든 필드를 form의 필드로 옮긴다. */
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

/** 서버가 제안한 값들을 form의 답 모양으로 모은다. */
function suggested(params: ElicitRequest['params']): Record<string, FieldValue> {
  return Object.fromEntries(formFields(params).flatMap((field) => (field.default === undefined ? [] : [[field.name, field.default]])));
}

/** 서버의 입력 요청 라운드에 답하는 클라이언트를 호스트의 다른 옵션과 함께 만든다. */
export function createRoundsClient(info: Implementation, server: string, person: Person, options: ClientOptions = {}): Client {
  // TODO(05/4): 서버가 물어 올 때 누가 답하는지, 호스트가 무엇을 받겠다고 선언하는지, 한 호출이 몇 라운드까지 가는지를 정하라.
  const client = new Client(info, { ...options, capabilities: { elicitation: { form: {}, url: {} } } });
  client.setRequestHandler('elicitation/create', async (request): Promise<ElicitResult> => ({ action: 'accept', content: suggested(request.params) }));
  void server;
  void person;
  return client;
}
