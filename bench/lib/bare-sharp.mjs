// What sharp gives by itself: the same job as `shotput prepare` in one plain script
// (auto-orient, cover to the size Shotput chose, encode in the format it chose, metadata dropped),
// two files in flight. Usage: node bare-sharp.mjs JOBS.json OUTDIR
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const [jobsFile, out] = process.argv.slice(2);
const jobs = JSON.parse(readFileSync(jobsFile, 'utf8'));
sharp.cache(false);

async function one(job) {
  const animated = job.ext === 'gif';
  const image = sharp(job.path, { autoOrient: true, animated, limitInputPixels: 268_402_689 })
    .resize(job.width, job.height, { fit: 'cover' })
    .toColourspace('srgb');
  const encoded =
    job.ext === 'jpg'
      ? image.jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
      : job.ext === 'png'
        ? image.png({ compressionLevel: 6 })
        : image.gif({ effort: 1, keepDuplicateFrames: true });
  await encoded.toFile(path.join(out, `${path.basename(job.path, path.extname(job.path))}.${job.ext}`));
}

let next = 0;
async function worker() {
  while (next < jobs.length) await one(jobs[next++]);
}
await Promise.all([worker(), worker()]);
