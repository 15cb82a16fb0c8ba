import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import QRCode from 'qrcode';
import type { ArtworkSpec } from './artwork';
import type { ArtworkRenderer } from './artwork-cache';

export interface UploadedFile {
  id: number;
}

/** Uploads seed media through Strapi's upload service, as an editor's upload in the admin: each picture with its thumbnail and placeholder. */
export class MediaLibrary {
  private readonly workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-seed-'));
  private readonly videos = new Map<string, UploadedFile>();
  private counter = 0;

  constructor(
    private readonly strapi: Core.Strapi,
    private readonly mediaDir: string,
    private readonly artworks: ArtworkRenderer,
  ) {}

  async artwork(spec: Omit<ArtworkSpec, 'seed'> & { seed?: number }, name: string, alt: string): Promise<UploadedFile> {
    this.counter += 1;
    const buffer = await this.artworks.render({ seed: spec.seed ?? this.counter, ...spec });
    return this.uploadBuffer(buffer, `${slug(name)}-${this.counter}.jpg`, 'image/jpeg', alt);
  }

  async qrCode(url: string, name: string, alt: string): Promise<UploadedFile> {
    const buffer = await QRCode.toBuffer(url, { width: 600, margin: 2, errorCorrectionLevel: 'M' });
    return this.uploadBuffer(buffer, `${slug(name)}.png`, 'image/png', alt);
  }

  /** A file shipped in seed/media, uploaded as it is (the studio's logo). */
  async file(file: string, mimetype: string, alt: string): Promise<UploadedFile> {
    return this.upload(path.join(this.mediaDir, file), file, mimetype, alt);
  }

  /** Each shipped video is uploaded once and shared by the entries that show it. */
  async video(file: string, alt: string): Promise<UploadedFile> {
    const known = this.videos.get(file);
    if (known) return known;
    const filepath = path.join(this.mediaDir, file);
    const uploaded = await this.upload(filepath, file, 'video/mp4', alt);
    this.videos.set(file, uploaded);
    return uploaded;
  }

  dispose(): void {
    fs.rmSync(this.workDir, { recursive: true, force: true });
  }

  private async uploadBuffer(buffer: Buffer, filename: string, mimetype: string, alt: string): Promise<UploadedFile> {
    const filepath = path.join(this.workDir, filename);
    fs.writeFileSync(filepath, buffer);
    try {
      return await this.upload(filepath, filename, mimetype, alt);
    } finally {
      fs.rmSync(filepath, { force: true });
    }
  }

  private async upload(filepath: string, filename: string, mimetype: string, alt: string): Promise<UploadedFile> {
    const [file] = await this.strapi
      .plugin('upload')
      .service('upload')
      .upload({
        data: { fileInfo: { name: filename, alternativeText: alt, caption: alt } },
        files: { filepath, originalFilename: filename, mimetype, size: fs.statSync(filepath).size },
      });
    return { id: file.id };
  }
}

function slug(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'media';
}
