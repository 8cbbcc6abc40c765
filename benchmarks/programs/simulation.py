"""2-D heat diffusion by explicit finite differences: a 5-point Laplacian on array slices,
fixed-temperature boundaries, a heated square and a cooling term, many time steps; the
total heat and the hottest point are recorded along the way.

Size at scale 1: a 200 x 200 grid, 1000 time steps.
"""


def run(np, scale: float = 1.0) -> dict:
    size = max(24, int(200 * scale**0.5))
    steps = max(50, int(1000 * scale))
    alpha, dt, dx = 0.5, 0.1, 0.5
    r = alpha * dt / dx**2           # 0.2: the explicit scheme is stable for r <= 0.25
    cooling = 0.01

    u = np.zeros((size, size))
    u[0, :] = 100.0                  # hot top edge
    u[:, 0] = np.linspace(100.0, 0.0, size)
    source = np.zeros_like(u)
    q = size // 8
    source[size // 2 - q:size // 2 + q, size // 2 - q:size // 2 + q] = 5.0

    total_heat, hottest = [], []
    for step in range(steps):
        interior = u[1:-1, 1:-1]
        laplacian = u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2] - 4 * interior
        u[1:-1, 1:-1] = interior + r * laplacian + dt * (source[1:-1, 1:-1] - cooling * interior)
        if step % 50 == 0:
            total_heat.append(u.sum())
            hottest.append(np.unravel_index(np.argmax(u[1:-1, 1:-1]), interior.shape))
    return {
        "field": u,
        "total_heat": np.array(total_heat),
        "hottest": hottest,
        "centre_profile": u[size // 2].copy(),
        "mean_temperature": u.mean(),
    }
