"""Discrete hidden Markov model: sample a sequence, fit by Baum-Welch (scaled
forward-backward with a Python loop over time steps), decode with Viterbi in log space.

Size at scale 1: 3 hidden states, 6 symbols, T = 2000 observations, 15 EM iterations.
"""


def sample(np, rng, pi, A, B, T):
    states = np.zeros(T, dtype=np.int64)
    obs = np.zeros(T, dtype=np.int64)
    states[0] = rng.choice(len(pi), p=pi)
    obs[0] = rng.choice(B.shape[1], p=B[states[0]])
    for t in range(1, T):
        states[t] = rng.choice(len(pi), p=A[states[t - 1]])
        obs[t] = rng.choice(B.shape[1], p=B[states[t]])
    return states, obs


def forward_backward(np, pi, A, B, obs):
    T, N = len(obs), len(pi)
    alpha = np.zeros((T, N))
    beta = np.zeros((T, N))
    c = np.zeros(T)
    alpha[0] = pi * B[:, obs[0]]
    c[0] = alpha[0].sum()
    alpha[0] /= c[0]
    for t in range(1, T):
        alpha[t] = (alpha[t - 1] @ A) * B[:, obs[t]]
        c[t] = alpha[t].sum()
        alpha[t] /= c[t]
    beta[T - 1] = 1.0
    for t in range(T - 2, -1, -1):
        beta[t] = A @ (B[:, obs[t + 1]] * beta[t + 1]) / c[t + 1]
    return alpha, beta, c


def baum_welch_step(np, pi, A, B, obs):
    alpha, beta, c = forward_backward(np, pi, A, B, obs)
    gamma = alpha * beta
    gamma /= gamma.sum(axis=1, keepdims=True)
    xi = (alpha[:-1, :, None] * A[None, :, :]
          * (B[:, obs[1:]].T * beta[1:])[:, None, :]) / c[1:, None, None]
    new_A = xi.sum(axis=0) / gamma[:-1].sum(axis=0)[:, None]
    new_B = np.zeros_like(B)
    for k in range(B.shape[1]):
        new_B[:, k] = gamma[obs == k].sum(axis=0)
    new_B /= gamma.sum(axis=0)[:, None]
    return gamma[0], new_A, new_B, np.log(c).sum()


def viterbi(np, pi, A, B, obs):
    T, N = len(obs), len(pi)
    log_A, log_B = np.log(A), np.log(B)
    delta = np.log(pi) + log_B[:, obs[0]]
    back = np.zeros((T, N), dtype=int)
    for t in range(1, T):
        scores = delta[:, None] + log_A
        back[t] = np.argmax(scores, axis=0)
        delta = scores.max(axis=0) + log_B[:, obs[t]]
    path = np.zeros(T, dtype=int)
    path[-1] = np.argmax(delta)
    for t in range(T - 1, 0, -1):
        path[t - 1] = back[t, path[t]]
    return path, delta.max()


def run(np, scale: float = 1.0) -> dict:
    rng = np.random.default_rng(99)
    T = max(50, int(2000 * scale))
    true_pi = np.array([0.6, 0.3, 0.1])
    true_A = np.array([[0.85, 0.10, 0.05], [0.10, 0.80, 0.10], [0.05, 0.15, 0.80]])
    true_B = np.array([[0.40, 0.30, 0.15, 0.10, 0.04, 0.01],
                       [0.05, 0.10, 0.40, 0.30, 0.10, 0.05],
                       [0.01, 0.04, 0.10, 0.15, 0.30, 0.40]])
    states, obs = sample(np, rng, true_pi, true_A, true_B, T)

    pi = np.full(3, 1 / 3)
    A = rng.dirichlet(np.ones(3) * 5, size=3)
    B = rng.dirichlet(np.ones(6) * 5, size=3)
    log_likelihoods = []
    for _ in range(15):
        pi, A, B, ll = baum_welch_step(np, pi, A, B, obs)
        log_likelihoods.append(ll)
    path, best_log_prob = viterbi(np, pi, A, B, obs)
    return {
        "log_likelihoods": log_likelihoods,
        "pi": pi,
        "A": A,
        "B": B,
        "viterbi_path": path,
        "viterbi_log_prob": best_log_prob,
        "states_true": states,
    }
