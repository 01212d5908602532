import en from '../locales/en/common.json';
import fra from '../locales/fra/common.json';
import hk from '../locales/hk/common.json';
import jp from '../locales/jp/common.json';
import kor from '../locales/kor/common.json';
import may from '../locales/may/common.json';
import spa from '../locales/spa/common.json';
import th from '../locales/th/common.json';
import vi from '../locales/vi/common.json';
import zh from '../locales/zh/common.json';
import type { Language } from './languages.ts';

/** Chinese is the source language: its shape defines the keys every other language must provide. */
export type CommonMessages = typeof zh;

/** Messages shared by the server and the web app: errors, validation, field and type names. */
export const commonResources: Record<Language, CommonMessages> = { zh, hk, en, jp, kor, th, fra, spa, may, vi };
