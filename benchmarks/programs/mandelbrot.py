"""Escape-time Mandelbrot set on a complex grid: ``z = z**2 + c`` on the points not yet
escaped (a boolean mask), iteration counts recorded as points escape; once in complex128
and once, on a coarser grid, in complex64.

Size at scale 1: a 800 x 600 complex128 grid and a 400 x 300 complex64 grid, 100 iterations.
"""


def mandelbrot(np, width, height, max_iter, dtype):
    xs = np.linspace(-2.2, 0.8, width)
    ys = np.linspace(-1.2, 1.2, height)
    c = (xs[None, :] + 1j * ys[:, None]).astype(dtype)
    z = np.zeros_like(c)
    counts = np.full(c.shape, max_iter, dtype=np.int32)
    alive = np.ones(c.shape, dtype=bool)
    for i in range(max_iter):
        z[alive] = z[alive] ** 2 + c[alive]
        escaped = alive & (np.abs(z) > 2.0)
        counts[escaped] = i
        alive &= ~escaped
    return counts, z, alive


def run(np, scale: float = 1.0) -> dict:
    f = scale**0.5
    w, h = max(30, int(800 * f)), max(20, int(600 * f))
    counts, z, alive = mandelbrot(np, w, h, 100, np.complex128)
    counts32, z32, alive32 = mandelbrot(np, w // 2, h // 2, 100, np.complex64)
    return {
        "counts": counts,
        "inside": alive.sum(),
        "histogram": np.bincount(counts.ravel(), minlength=101),
        "z_inside": z[alive][:200],
        "counts64": counts32,
        "inside64": int(alive32.sum()),
        "z64_inside": z32[alive32][:200],
    }
