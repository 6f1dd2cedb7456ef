"""Writes a camera photograph for the audit and the benchmark: 6000 x 4000 (24 megapixels), dawn
over the dunes with a camera's grain, JPEG quality 92 (about 8 MB, like a phone or a mirrorless
camera), with Exif naming a camera and the GPS position of a villa (the server must strip it).

    python3 checks/make-photo.py OUT.jpg [WIDTH HEIGHT]

Needs Pillow and NumPy (`python3 -m pip install pillow numpy`); the recipes install them.
"""
import sys

import numpy as np
from PIL import Image

out = sys.argv[1]
width, height = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (6000, 4000)
rng = np.random.default_rng(24)

x = np.linspace(0.0, 1.0, width, dtype=np.float32)[None, :]
y = np.linspace(0.0, 1.0, height, dtype=np.float32)[:, None]
# Dawn sky: deep blue above, warm sand at the horizon.
sky = np.stack([40 + 200 * y, 70 + 120 * y, 130 + 40 * y], axis=-1) * np.ones((1, width, 1), np.float32)
image = sky
# Three ridges of dunes, the nearer darker and warmer, each shaded along its slope.
for ridge, (base, amp, colour) in enumerate([(0.58, 0.06, (214, 160, 104)), (0.71, 0.075, (190, 128, 76)), (0.84, 0.065, (150, 92, 52))]):
    crest = base + amp * np.sin(x * (9.0 - 2 * ridge) + ridge * 1.7) + 0.02 * np.sin(x * 47 + ridge)
    below = y > crest
    shade = 0.82 + 0.18 * np.cos(x * (9.0 - 2 * ridge) * 3 + ridge)
    ridge_colour = np.array(colour, np.float32)[None, None, :] * shade[..., None]
    image = np.where(below[..., None], ridge_colour * np.ones((height, 1, 1), np.float32), image)
# A low sun with a soft halo.
d = np.sqrt(((x - 0.76) * width / height) ** 2 + (y - 0.46) ** 2)
glow = np.clip(1.0 - d / 0.09, 0, 1)[..., None]
image = image * (1 - glow * 0.9) + np.array([255, 222, 160], np.float32) * glow * 0.9
# A camera's grain.
image += rng.normal(0, 8, image.shape).astype(np.float32)
pixels = np.clip(image, 0, 255).astype(np.uint8)

exif = Image.Exif()
exif[0x010F] = "Dar Wasl Test Camera"  # Make
exif[0x0110] = "Model 24"  # Model
exif[0x0132] = "2026:11:24 06:12:00"  # DateTime
gps = exif.get_ifd(0x8825)
gps[1], gps[2] = "N", (25.0, 11.0, 49.7)  # a villa in Dubai
gps[3], gps[4] = "E", (55.0, 16.0, 26.1)
Image.fromarray(pixels).save(out, "JPEG", quality=92, exif=exif.tobytes())
print(f"{out}: {width} x {height}")
