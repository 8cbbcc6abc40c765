"""Gaussian mixture model with full covariances fitted by EM: log densities through
``np.linalg.slogdet`` and ``np.linalg.solve``, log-sum-exp responsibilities, weighted
means and covariances; the final densities again from the textbook formula with
``np.linalg.det`` and ``np.linalg.inv``.

Size at scale 1: 10000 points in 3 dimensions from 4 correlated Gaussians, 4 components,
at most 100 EM iterations.
"""

import math


def log_gaussian(np, X, mean, cov):
    d = X.shape[1]
    diff = X - mean
    _sign, logdet = np.linalg.slogdet(cov)
    maha = np.sum(diff * np.linalg.solve(cov, diff.T).T, axis=1)
    return -0.5 * (d * np.log(2 * np.pi) + logdet + maha)


def logsumexp(np, a, axis):
    m = np.max(a, axis=axis, keepdims=True)
    return m + np.log(np.sum(np.exp(a - m), axis=axis, keepdims=True))


def gaussian_pdf(np, X, mean, cov):
    d = len(mean)
    diff = X - mean
    norm = 1.0 / math.sqrt((2 * math.pi) ** d * np.linalg.det(cov))
    return norm * np.exp(-0.5 * np.einsum("ij,jk,ik->i", diff, np.linalg.inv(cov), diff))


def run(np, scale: float = 1.0) -> dict:
    rng = np.random.default_rng(11)
    n, d, k = max(300, int(10000 * scale)), 3, 4
    true_means = np.array([[0.0, 0.0, 0.0], [4.0, 4.0, 0.0], [-4.0, 3.0, 2.0], [1.0, -4.0, -3.0]])
    parts = []
    for j in range(k):
        A = rng.normal(size=(d, d)) * 0.8
        cov = A @ A.T + 0.3 * np.eye(d)
        parts.append(rng.multivariate_normal(true_means[j], cov, size=n // k))
    X = np.vstack(parts)
    X = X[rng.permutation(len(X))]
    n = len(X)

    means = X[rng.choice(n, size=k, replace=False)]
    covs = np.array([np.cov(X, rowvar=False)] * k)
    weights = np.full(k, 1.0 / k)
    log_likelihoods = []
    for _ in range(100):
        log_prob = np.empty((n, k))
        for j in range(k):
            log_prob[:, j] = np.log(weights[j]) + log_gaussian(np, X, means[j], covs[j])
        log_norm = logsumexp(np, log_prob, axis=1)
        resp = np.exp(log_prob - log_norm)
        log_likelihoods.append(log_norm.sum())

        nk = resp.sum(axis=0) + 1e-10
        weights = nk / n
        means = (resp.T @ X) / nk[:, None]
        for j in range(k):
            diff = X - means[j]
            covs[j] = (resp[:, j, None] * diff).T @ diff / nk[j] + 1e-6 * np.eye(d)
        if len(log_likelihoods) > 1 and abs(log_likelihoods[-1] - log_likelihoods[-2]) < 1e-8:
            break

    density = sum(weights[j] * gaussian_pdf(np, X, means[j], covs[j]) for j in range(k))
    order = np.argsort(means[:, 0])
    return {
        "log_likelihoods": np.array(log_likelihoods),
        "iterations": len(log_likelihoods),
        "weights": weights[order],
        "means": means[order],
        "covariances": covs[order],
        "labels": np.argmax(resp, axis=1),
        "total_log_density": np.log(density).sum(),
    }
